-- migrate: no-transaction
-- Decision 057: fills migration 0055's kept queue counts for the tasks written before its trigger, outside a
-- transaction. Each statement reads one snapshot, in which every committed write shows both its task and what the
-- trigger added for it: it adds what the tasks it sees hold minus what the kept rows it sees count, so each task is
-- counted once, here or by the trigger. The groups' fill goes to slot 16, which no trigger writes (a backend writes
-- slot pid % 16), so it waits for nobody. Each runs again until nothing differs; running it again is safe.
-- The tasks of the queue's partial indexes (a few thousand at a million tasks), by group: each index read on its
-- own, a task in several counted once (the union of task and group).
-- migrate: batch
INSERT INTO "ops_queue_counts" AS c ("queue_group", "slot", "n")
SELECT coalesce(t."grp", k."queue_group"), 16, coalesce(t."n", 0) - coalesce(k."n", 0)
FROM (
  SELECT u."grp", count(*)::integer AS "n" FROM (
    SELECT o."id", "ops_queue_kept_group"(o) AS "grp" FROM "orders" o
    WHERE o."client_remove" = false AND o."system_client_status" = 'Refund Requested'
    UNION SELECT o."id", "ops_queue_kept_group"(o) FROM "orders" o
    WHERE o."client_remove" = false AND o."tags" @> '["quality_check"]'::jsonb
    UNION SELECT o."id", "ops_queue_kept_group"(o) FROM "orders" o
    WHERE o."client_remove" = false AND (o."system_client_status" = 'Revision Requested' OR o."client_status" = 'On revision')
    UNION SELECT o."id", "ops_queue_kept_group"(o) FROM "orders" o
    WHERE o."client_remove" = false AND o."paid_cents" > 0 AND o."system_client_status" IN ('Paid', 'Refund Declined')
    UNION SELECT o."id", "ops_queue_kept_group"(o) FROM "orders" o
    WHERE o."client_remove" = false AND o."unread_client_messages" > 0
  ) u
  WHERE u."grp" IS NOT NULL
  GROUP BY 1
) t
FULL JOIN (SELECT "queue_group", sum("n")::integer AS "n" FROM "ops_queue_counts" GROUP BY 1) k
  ON k."queue_group" = t."grp"
WHERE coalesce(t."n", 0) <> coalesce(k."n", 0)
ON CONFLICT ("queue_group", "slot") DO UPDATE SET "n" = c."n" + excluded."n";
--> statement-breakpoint
-- The tasks in progress by deadline hour (the progress index), as ops_queue_deadline_hour and ops_queue_kept_group
-- see a task in progress (not removed, no quality check, not on revision; 'messages' when it has unread messages)
-- written out, so the rows are read without a function call each.
-- migrate: batch
INSERT INTO "ops_queue_deadline_hours" AS d ("queue_group", "hour", "n")
SELECT coalesce(t."grp", k."queue_group"), coalesce(t."hour", k."hour"), coalesce(t."n", 0) - coalesce(k."n", 0)
FROM (
  SELECT g."grp", h."hour", sum(g."n")::integer AS "n" FROM (
    SELECT floor(extract(epoch FROM "deadline") / 3600)::integer AS "hour", count(*) AS "all",
      count(*) FILTER (WHERE "unread_client_messages" > 0) AS "unread"
    FROM "orders"
    WHERE "client_remove" = false AND "system_client_status" = 'In Progress'
      AND NOT "tags" @> '["quality_check"]'::jsonb AND "client_status" IS DISTINCT FROM 'On revision'
    GROUP BY 1
  ) h, LATERAL (VALUES ('deadline', h."all"), ('messages', h."unread")) g("grp", "n")
  WHERE g."n" > 0
  GROUP BY 1, 2
) t
FULL JOIN "ops_queue_deadline_hours" k ON k."queue_group" = t."grp" AND k."hour" = t."hour"
WHERE coalesce(t."n", 0) <> coalesce(k."n", 0)
ON CONFLICT ("queue_group", "hour") DO UPDATE SET "n" = d."n" + excluded."n";
--> statement-breakpoint
DELETE FROM "ops_queue_deadline_hours" WHERE "n" = 0;
