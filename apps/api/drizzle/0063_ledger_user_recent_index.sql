-- migrate: no-transaction
-- Decision 056 (ninth pass): a student's payments of the last day without a receipt, read after each payment
-- (receipts.ts), by the student's own transactions instead of every user's of the last day (23,000 at 1,000,000
-- tasks: 54 ms in a payment). Built CONCURRENTLY (decision 057).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "ledger_transactions_user_created_idx" ON "ledger_transactions"
  USING btree ("user_id", "created_at") WHERE "user_id" IS NOT NULL;
