-- migrate: no-transaction
-- Decision 056 (sixth pass): each of the queue's groups in an index keyed by (deadline, id), the queue's order, built
-- CONCURRENTLY (decision 057). Keyed by the deadline alone, a group read every task sharing the 25th task's
-- deadline and sorted them before its page could stop; the whole queue sorted each group's part. In key order a
-- page stops at its 25th task. The INCLUDE columns are those of migration 0042: what each group's conditions read,
-- for index-only reads. Safe to run again.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_queue_refund_page_idx" ON "orders" ("deadline", "id")
  WHERE "client_remove" = false AND "system_client_status" = 'Refund Requested';
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "orders_queue_refund_idx";
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_queue_check_page_idx" ON "orders" ("deadline", "id")
  WHERE "client_remove" = false AND "tags" @> '["quality_check"]'::jsonb;
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "orders_queue_check_idx";
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_queue_revision_page_idx" ON "orders" ("deadline", "id")
  INCLUDE ("system_client_status", "client_status")
  WHERE "client_remove" = false AND ("system_client_status" = 'Revision Requested' OR "client_status" = 'On revision');
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "orders_queue_revision_idx";
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_queue_looking_page_idx" ON "orders" ("deadline", "id")
  INCLUDE ("system_client_status", "client_status", "writer_id", "tags")
  WHERE "client_remove" = false AND "paid_cents" > 0 AND "system_client_status" IN ('Paid', 'Refund Declined');
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "orders_queue_looking_idx";
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_queue_unread_page_idx" ON "orders" ("deadline", "id")
  INCLUDE ("system_client_status", "client_status", "paid_cents", "writer_id")
  WHERE "client_remove" = false AND "unread_client_messages" > 0;
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "orders_queue_unread_idx";
--> statement-breakpoint
-- The 'deadline' group alone (it took the tasks in progress, then filtered out those on revision or held for the
-- check): its predicate is the group's conditions as ops.repository.ts writes them, so the planner matches it. The
-- badges count the current hour's deadlines from it on every call, from the index alone.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_queue_deadline_page_idx" ON "orders" ("deadline", "id")
  INCLUDE ("unread_client_messages")
  WHERE "client_remove" = false AND "system_client_status" = 'In Progress'
    AND NOT coalesce("client_status" = 'On revision', false)
    AND NOT coalesce("tags" @> '["quality_check"]'::jsonb, false);
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "orders_queue_progress_idx";
--> statement-breakpoint
-- The badges sum the kept hours before the current one for 'deadline' and 'messages' on every call: read from the
-- start of this index to that hour, instead of every kept hour (most of them later ones) read and filtered.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "ops_queue_deadline_hours_hour_idx" ON "ops_queue_deadline_hours" ("hour")
  INCLUDE ("queue_group", "n");
