-- migrate: no-transaction
-- Decision 057: outside a transaction. The kept figures of 0041 are filled in batches, each "the next rows that
-- differ from what they should hold", run until none differs: it locks a few thousand rows at a time, and what a
-- writer changes meanwhile (the triggers run since 0041) is corrected by a later batch. The indexes are built
-- CONCURRENTLY. Running this migration again from the start is safe.
-- migrate: batch
UPDATE "orders" o SET "unread_client_messages" = c."from_client", "unread_for_client" = c."for_client"
FROM (
  SELECT x."id", x."from_client", x."for_client" FROM (
    SELECT k."id", k."unread_client_messages", k."unread_for_client",
      (SELECT count(*) FROM "order_messages" m WHERE m."order_id" = k."id" AND m."status" = 'unread'
        AND m."sender_role" = 'client')::integer AS "from_client",
      (SELECT count(*) FROM "order_messages" m WHERE m."order_id" = k."id" AND m."status" = 'unread'
        AND m."sender_role" <> 'client')::integer AS "for_client"
    FROM "orders" k
    WHERE k."id" IN (SELECT "order_id" FROM "order_messages" WHERE "status" = 'unread')
      OR k."unread_client_messages" <> 0 OR k."unread_for_client" <> 0
  ) x
  WHERE x."from_client" <> x."unread_client_messages" OR x."for_client" <> x."unread_for_client"
  LIMIT 5000
) c
WHERE o."id" = c."id";
--> statement-breakpoint
-- migrate: batch
INSERT INTO "geek_stats" AS s ("geek_id", "load", "completed", "marks_sum", "marks_n")
SELECT c.* FROM (
  SELECT "writer_id",
    count(*) FILTER (WHERE "system_client_status" IN ('In Progress', 'Revision Requested'))::integer,
    count(*) FILTER (WHERE "client_status" IN ('Sent', 'Revision sent') AND NOT "refunded")::integer,
    coalesce(sum("mark") FILTER (WHERE "mark" > 0), 0), count(*) FILTER (WHERE "mark" > 0)::integer
  FROM "orders" WHERE "writer_id" IS NOT NULL GROUP BY "writer_id"
) c("geek_id", "load", "completed", "marks_sum", "marks_n")
WHERE NOT EXISTS (SELECT 1 FROM "geek_stats" g WHERE g."geek_id" = c."geek_id"
  AND (g."load", g."completed", g."marks_sum", g."marks_n") = (c."load", c."completed", c."marks_sum", c."marks_n"))
ON CONFLICT ("geek_id") DO UPDATE SET "load" = excluded."load", "completed" = excluded."completed",
  "marks_sum" = excluded."marks_sum", "marks_n" = excluded."marks_n";
--> statement-breakpoint
-- migrate: batch
INSERT INTO "geek_earning_days" AS s ("geek_id", "day", "earned_cents", "tips_cents", "tasks")
SELECT c.* FROM (
  SELECT e."account_id", (t."created_at" AT TIME ZONE 'UTC')::date,
    coalesce(sum(e."amount_cents") FILTER (WHERE t."kind" = 'geek_earning'), 0),
    coalesce(sum(e."amount_cents") FILTER (WHERE t."kind" LIKE 'tip\_%'), 0),
    count(*) FILTER (WHERE t."kind" = 'geek_earning')::integer
  FROM "ledger_entries" e JOIN "ledger_transactions" t ON t."id" = e."transaction_id"
  WHERE e."account_type" = 'geek' AND (t."kind" = 'geek_earning' OR t."kind" LIKE 'tip\_%')
  GROUP BY 1, 2
) c("geek_id", "day", "earned_cents", "tips_cents", "tasks")
WHERE NOT EXISTS (SELECT 1 FROM "geek_earning_days" d WHERE d."geek_id" = c."geek_id" AND d."day" = c."day"
  AND (d."earned_cents", d."tips_cents", d."tasks") = (c."earned_cents", c."tips_cents", c."tasks"))
ON CONFLICT ("geek_id", "day") DO UPDATE SET "earned_cents" = excluded."earned_cents",
  "tips_cents" = excluded."tips_cents", "tasks" = excluded."tasks";
--> statement-breakpoint
-- migrate: batch
INSERT INTO "geek_earning_months" AS s ("geek_id", "month", "earned_cents", "tips_cents", "tasks")
SELECT c.* FROM (
  SELECT "geek_id", date_trunc('month', "day")::date, sum("earned_cents"), sum("tips_cents"), sum("tasks")::integer
  FROM "geek_earning_days" GROUP BY 1, 2
) c("geek_id", "month", "earned_cents", "tips_cents", "tasks")
WHERE NOT EXISTS (SELECT 1 FROM "geek_earning_months" d WHERE d."geek_id" = c."geek_id" AND d."month" = c."month"
  AND (d."earned_cents", d."tips_cents", d."tasks") = (c."earned_cents", c."tips_cents", c."tasks"))
ON CONFLICT ("geek_id", "month") DO UPDATE SET "earned_cents" = excluded."earned_cents",
  "tips_cents" = excluded."tips_cents", "tasks" = excluded."tasks";
--> statement-breakpoint
-- The queue's groups (ops.repository.ts), each in deadline order: a group reads only its own tasks. Each index
-- also holds what its group's conditions read, so a group's page and count are read from the index alone.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_queue_refund_idx" ON "orders" ("deadline") INCLUDE ("id")
  WHERE "client_remove" = false AND "system_client_status" = 'Refund Requested';
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_queue_revision_idx" ON "orders" ("deadline")
  INCLUDE ("id", "system_client_status", "client_status")
  WHERE "client_remove" = false AND ("system_client_status" = 'Revision Requested' OR "client_status" = 'On revision');
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_queue_looking_idx" ON "orders" ("deadline")
  INCLUDE ("id", "system_client_status", "client_status", "writer_id", "tags")
  WHERE "client_remove" = false AND "paid_cents" > 0 AND "system_client_status" IN ('Paid', 'Refund Declined');
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_queue_progress_idx" ON "orders" ("deadline")
  INCLUDE ("id", "system_client_status", "client_status")
  WHERE "client_remove" = false AND "system_client_status" = 'In Progress';
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_queue_unread_idx" ON "orders" ("deadline")
  INCLUDE ("id", "system_client_status", "client_status", "paid_cents", "writer_id")
  WHERE "client_remove" = false AND "unread_client_messages" > 0;
--> statement-breakpoint
-- Every task by deadline (the queue's `all`), and the search by any part of a title or of the client's e-mail.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_deadline_idx" ON "orders" ("deadline") WHERE "client_remove" = false;
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_title_trgm_idx" ON "orders" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
-- The earnings' period: every Geek's days or months in a range.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "geek_earning_days_day_idx" ON "geek_earning_days" ("day", "geek_id")
  INCLUDE ("earned_cents", "tips_cents", "tasks");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "geek_earning_months_month_idx" ON "geek_earning_months" ("month", "geek_id")
  INCLUDE ("earned_cents", "tips_cents", "tasks");
