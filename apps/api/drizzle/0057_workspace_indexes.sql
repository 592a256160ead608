-- migrate: no-transaction
-- Decisions 047 and 056: the Geek workspace's reads, built CONCURRENTLY (decision 057). Safe to run again.
-- A Geek's tasks, nearest deadline first (GET /workspace/tasks): the first 500 read in index order instead of
-- every task of the Geek read and sorted. It also serves every read of a Geek's tasks by writer_id, which
-- orders_writer_idx served: that one goes.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_writer_deadline_idx" ON "orders" ("writer_id", "deadline");
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "orders_writer_idx";
--> statement-breakpoint
-- The offers (GET /workspace/offers): the tasks a Geek may take, oldest paid first, read in that order among them
-- alone. It replaces orders_open_idx, which also held the paid tasks whose instructions staff have not checked,
-- was read in the wrong order for the offers' tie-break, and served no other read.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_offers_idx" ON "orders" ("client_paid_at_first", "number")
  WHERE "writer_id" IS NULL AND "system_client_status" = 'Paid' AND "client_remove" = false AND "paid_cents" > 0
    AND "tags" ? 'instr_ok';
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "orders_open_idx";
