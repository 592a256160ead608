-- Decision 052 (issue 35 item 9): a number saved but not confirmed is a claim, not the account's; many accounts
-- may claim one number, and only a confirmed number is unique: the first account to check its code wins.
DROP INDEX IF EXISTS "users_phone_key";--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_phone_key" ON "users" USING btree ("phone") WHERE "phone_verified_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone");
