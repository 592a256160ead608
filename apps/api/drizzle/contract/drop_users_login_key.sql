-- migrate: contract 1.1.0
-- Decision 063: the contract step of migration 0034. The 1.1.0 code no longer reads or writes users.login_key
-- (decision 051 derives the key), so once 1.1.0 is released the release after it drops the column (and its
-- unique index with it); until then it waits here, out of the journal. Databases migrated by an earlier
-- version of 0034 have no such column: IF EXISTS.
ALTER TABLE "users" DROP COLUMN IF EXISTS "login_key";
