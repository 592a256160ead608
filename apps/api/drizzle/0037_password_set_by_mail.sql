-- Issue 34 item 1: an account with no password (Sign in with Google, decision 040) sets one through a link mailed
-- to its e-mail. The chosen password waits here, hashed, with the SHA-256 of the link's token, until the link is used.
ALTER TABLE "users" ADD COLUMN "password_set_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_set_token_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_set_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_password_set_token_hash_key" ON "users" USING btree ("password_set_token_hash");
