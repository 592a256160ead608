-- Decision 056 (issue 36): the queue's badges read counts kept by a row trigger on orders instead of counting each
-- group's tasks on every call. ops.repository.ts's queue conditions are the reference these functions follow
-- (keptFiguresDrift in the tests compares both). Quick DDL in one transaction; migration 0056 fills the counts
-- for the tasks written before the trigger, outside it (decision 057).
--
-- The groups the clock does not move (refund, check, revision, instructions, assign, and the tasks with unread
-- student messages and nothing else to do), per group in 16 slots: a transaction adds to the slot of its backend,
-- so concurrent writers (every payment puts a task in 'instructions') rarely wait for each other.
CREATE TABLE "ops_queue_counts" (
  "queue_group" text NOT NULL,
  "slot" smallint NOT NULL,
  "n" integer DEFAULT 0 NOT NULL,
  PRIMARY KEY ("queue_group", "slot")
);
--> statement-breakpoint
-- The groups the clock moves: tasks in progress enter 'deadline' (and leave 'messages') 24 hours before their
-- deadline. Kept per deadline hour (hours since 1970, UTC): 'deadline' the tasks in progress that nothing before
-- it claims, 'messages' those of them with unread student messages. A count sums the hours before the current
-- one and counts the tasks of the current hour by index. Rows at 0 are deleted.
CREATE TABLE "ops_queue_deadline_hours" (
  "queue_group" text NOT NULL,
  "hour" integer NOT NULL,
  "n" integer NOT NULL,
  PRIMARY KEY ("queue_group", "hour")
);
--> statement-breakpoint
-- The group of the task that does not depend on the time (the domain's queueGroup, first that applies wins):
-- 'messages' here is a task with unread student messages and no earlier group, which 'deadline' may still claim.
CREATE FUNCTION "ops_queue_kept_group"(o "orders") RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN o."client_remove" THEN NULL
    WHEN o."system_client_status" = 'Refund Requested' THEN 'refund'
    WHEN o."tags" @> '["quality_check"]'::jsonb THEN 'check'
    WHEN o."system_client_status" = 'Revision Requested' OR o."client_status" = 'On revision' THEN 'revision'
    WHEN o."paid_cents" > 0 AND o."system_client_status" IN ('Paid', 'Refund Declined')
      AND (o."system_client_status" = 'Paid' OR o."client_status" = 'Nerd found' OR o."writer_id" IS NULL)
      THEN CASE WHEN o."tags" @> '["instr_ok"]'::jsonb THEN 'assign' ELSE 'instructions' END
    WHEN o."unread_client_messages" > 0 THEN 'messages'
  END
$$;
--> statement-breakpoint
-- The deadline hour of a task in progress that 'deadline' takes when due within 24 hours; null for any other.
CREATE FUNCTION "ops_queue_deadline_hour"(o "orders") RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN o."client_remove" = false AND o."system_client_status" = 'In Progress'
      AND coalesce("ops_queue_kept_group"(o), 'messages') = 'messages'
    THEN floor(extract(epoch FROM o."deadline") / 3600)::integer END
$$;
--> statement-breakpoint
CREATE FUNCTION "ops_queue_hour_add"(grp text, h integer, delta integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  left_n integer;
BEGIN
  INSERT INTO "ops_queue_deadline_hours" AS d ("queue_group", "hour", "n") VALUES (grp, h, delta)
  ON CONFLICT ("queue_group", "hour") DO UPDATE SET "n" = d."n" + excluded."n"
  RETURNING "n" INTO left_n;
  IF left_n = 0 THEN
    DELETE FROM "ops_queue_deadline_hours" WHERE "queue_group" = grp AND "hour" = h AND "n" = 0;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "ops_queue_add"(o "orders", delta integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  grp text := "ops_queue_kept_group"(o);
  h integer := "ops_queue_deadline_hour"(o);
BEGIN
  IF grp IS NOT NULL THEN
    INSERT INTO "ops_queue_counts" AS c ("queue_group", "slot", "n") VALUES (grp, pg_backend_pid() % 16, delta)
    ON CONFLICT ("queue_group", "slot") DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  IF h IS NOT NULL THEN
    PERFORM "ops_queue_hour_add"('deadline', h, delta);
    IF grp = 'messages' THEN
      PERFORM "ops_queue_hour_add"('messages', h, delta);
    END IF;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "ops_queue_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND "ops_queue_kept_group"(OLD) IS NOT DISTINCT FROM "ops_queue_kept_group"(NEW)
    AND "ops_queue_deadline_hour"(OLD) IS NOT DISTINCT FROM "ops_queue_deadline_hour"(NEW) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM "ops_queue_add"(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "ops_queue_add"(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_ops_queue" AFTER INSERT OR DELETE OR UPDATE OF "client_remove", "system_client_status",
  "client_status", "tags", "paid_cents", "writer_id", "unread_client_messages", "deadline"
  ON "orders" FOR EACH ROW EXECUTE FUNCTION "ops_queue_apply"();
