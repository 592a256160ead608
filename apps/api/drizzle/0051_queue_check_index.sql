-- migrate: no-transaction
-- Decisions 048 and 056: the back office's 'Quality check' group read on its own, in deadline order, like the
-- queue's other groups (ops.repository.ts writes the same predicate). Built CONCURRENTLY (decision 057).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_queue_check_idx" ON "orders" USING btree ("deadline")
  WHERE "client_remove" = false AND "tags" @> '["quality_check"]'::jsonb;
