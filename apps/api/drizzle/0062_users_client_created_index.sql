-- migrate: no-transaction
-- Decision 056 (ninth pass): the landing page's count of the week's sign-ups read from the students' creation
-- times alone (an index-only count), instead of each account's row to check its role: a week's sign-ups grow with
-- the business (1,000 rows at 100,000 students). Built CONCURRENTLY (decision 057).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "users_client_created_idx" ON "users" USING btree ("created_at")
  WHERE "role" = 'client';
