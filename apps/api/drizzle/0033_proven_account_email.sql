-- Decision 040 (amended, issue 35 item 1): when the account's owner proved the account e-mail (Google said it
-- verified it, or a password mailed to it by restore was used). Google links only into a proven account as it
-- is; an unproven one loses its password and sessions when Google links it.
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "google_sub" IS NOT NULL;
