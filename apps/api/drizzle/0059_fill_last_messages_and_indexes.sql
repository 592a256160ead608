-- migrate: no-transaction
-- Decision 056 (third pass), outside a transaction (decision 057); safe to run again from the start.
-- 0058's kept message times for the tasks whose messages were written before it: "the next tasks with messages
-- and no kept time", a few thousand rows a batch, run until none is left. A task the trigger filled meanwhile (its
-- next message) is left as the trigger wrote it (the outer condition is checked again on the locked row).
-- migrate: batch
UPDATE "orders" o SET
  "last_message_at" = c."last_at",
  "client_last_message_at" = c."client_at"
FROM (
  SELECT k."id",
    (SELECT max(m."created_at") FROM "order_messages" m WHERE m."order_id" = k."id") AS "last_at",
    (SELECT max(m."created_at") FROM "order_messages" m
      WHERE m."order_id" = k."id" AND m."sender_role" = 'client') AS "client_at"
  FROM "orders" k
  WHERE k."last_message_at" IS NULL AND EXISTS (SELECT 1 FROM "order_messages" m WHERE m."order_id" = k."id")
  LIMIT 2000
) c
WHERE o."id" = c."id" AND o."last_message_at" IS NULL;
--> statement-breakpoint
-- The notification (GET /notification): the student's tasks with unread messages, their newest conversation and
-- the task of their own last message, each read from an index of the student's tasks alone.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_user_unread_idx" ON "orders" ("user_id")
  WHERE "client_remove" = false AND "unread_for_client" > 0;
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_user_last_message_idx" ON "orders" ("user_id", "last_message_at")
  WHERE "client_remove" = false AND "last_message_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_user_client_message_idx" ON "orders" ("user_id", "client_last_message_at")
  WHERE "client_remove" = false AND "client_last_message_at" IS NOT NULL;
--> statement-breakpoint
-- A Geek's tasks (GET /workspace/tasks), paged by (deadline, id) from the latest: the page's 50 entries read in
-- index order, the id breaking ties of one deadline. It serves every read of a Geek's tasks by writer_id, as
-- 0057's orders_writer_deadline_idx did: that one goes.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_writer_deadline_id_idx" ON "orders" ("writer_id", "deadline", "id");
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "orders_writer_deadline_idx";
--> statement-breakpoint
-- The offers of one Geek (GET /workspace/offers): the open tasks in the Geek's subjects (in the offers' order), and
-- those whose student chose this Geek, each read from an index of the open tasks by that condition, instead of
-- every open task in the offers' order until 100 match. orders_offers_idx (0057) stays for the reads of all open
-- tasks.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_offers_subject_idx" ON "orders" ("subject", "client_paid_at_first", "number")
  WHERE "writer_id" IS NULL AND "system_client_status" = 'Paid' AND "client_remove" = false AND "paid_cents" > 0
    AND "tags" ? 'instr_ok';
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_offers_chosen_idx" ON "orders" USING gin ("services" jsonb_path_ops)
  WHERE "writer_id" IS NULL AND "system_client_status" = 'Paid' AND "client_remove" = false AND "paid_cents" > 0
    AND "tags" ? 'instr_ok';
