-- migrate: no-transaction
-- Decision 056: the ledger's writes and reads stop slowing with its size. Built CONCURRENTLY (decision 057): writers
-- go on while each index is built.
-- The balance check (0001_ledger_guards) reads a transaction's entries once per entry: by this index, a few rows,
-- instead of the whole table. The receipts' facts and a task's money panel read entries by transaction too.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "ledger_entries_transaction_idx" ON "ledger_entries" ("transaction_id");
--> statement-breakpoint
-- A task's money panel and the receipts' first payments read a task's transactions.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "ledger_transactions_order_idx" ON "ledger_transactions" ("order_id")
  WHERE "order_id" IS NOT NULL;
--> statement-breakpoint
-- The receipt sweep reads the last day's transactions every minute.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "ledger_transactions_created_idx" ON "ledger_transactions" ("created_at");
--> statement-breakpoint
-- An account's entries in insertion order, with their amounts: a balance is an index-only sum, a Geek's lines
-- are read newest first without a sort. It replaces the index on (account_type, account_id).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "ledger_entries_account_seq_idx"
  ON "ledger_entries" ("account_type", "account_id", "seq") INCLUDE ("amount_cents");
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "ledger_entries_account_idx";
