-- Decision 056 (third pass): each task's newest message time and the student's own newest message time, kept on
-- the task by the trigger that keeps its message count (0019), so the notification finds the student's newest
-- conversation and their last message by one index entry each (migration 0059's indexes) instead of probing the
-- messages of every task of the student. Nullable columns without a default: no rewrite of the table. Migration
-- 0059 fills them for the messages written before this one, in batches.
ALTER TABLE "orders" ADD COLUMN "last_message_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_last_message_at" timestamp with time zone;
--> statement-breakpoint
-- A task whose columns 0059 has not filled yet (null, with messages written before this migration) reads them
-- from its messages on its next message, one probe of order_messages_order_idx; a filled task takes greatest().
-- A delete (the app deletes no message; raw SQL may) reads them again the same way.
CREATE OR REPLACE FUNCTION "orders_messages_count_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "orders" SET "messages_count" = "messages_count" + 1,
      "last_message_at" = CASE WHEN "last_message_at" IS NULL
        THEN (SELECT max(m."created_at") FROM "order_messages" m WHERE m."order_id" = NEW."order_id")
        ELSE greatest("last_message_at", NEW."created_at") END,
      "client_last_message_at" = CASE WHEN "last_message_at" IS NULL
        THEN (SELECT max(m."created_at") FROM "order_messages" m
          WHERE m."order_id" = NEW."order_id" AND m."sender_role" = 'client')
        WHEN NEW."sender_role" = 'client' THEN greatest("client_last_message_at", NEW."created_at")
        ELSE "client_last_message_at" END
    WHERE "id" = NEW."order_id";
  ELSE
    UPDATE "orders" SET "messages_count" = "messages_count" - 1,
      "last_message_at" = (SELECT max(m."created_at") FROM "order_messages" m WHERE m."order_id" = OLD."order_id"),
      "client_last_message_at" = (SELECT max(m."created_at") FROM "order_messages" m
        WHERE m."order_id" = OLD."order_id" AND m."sender_role" = 'client')
    WHERE "id" = OLD."order_id";
  END IF;
  RETURN NULL;
END
$$;
