-- Decision 058: an erased account keeps its row (the ledger and payments point at it) without a person.
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
-- A Google-only account confirms its erasure by a mailed link: only the SHA-256 of the token is kept.
ALTER TABLE "users" ADD COLUMN "erasure_token_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erasure_token_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_erasure_token_key" ON "users" USING btree ("erasure_token_hash");--> statement-breakpoint
-- Decision 059: a mail refused for good (SMTP 5xx) is given up, not retried hourly forever.
ALTER TABLE "mail_outbox" ADD COLUMN "failed_at" timestamp with time zone;
