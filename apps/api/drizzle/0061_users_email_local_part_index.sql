-- migrate: no-transaction
-- Decision 056 (ninth pass): the back office's search by a student's e-mail, when the text holds its '@', read by
-- the end of the address's local part (reversed, so a btree reads it as a prefix) instead of the e-mail's trigrams,
-- which every address of one shape shares (at 100,000 students, 4 ms a search). Built CONCURRENTLY (decision 057).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "users_email_local_reversed_idx" ON "users"
  USING btree (reverse(lower(split_part("email", '@', 1))) text_pattern_ops);
