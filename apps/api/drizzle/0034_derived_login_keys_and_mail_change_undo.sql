-- Decision 051 (issue 35 items 2 and 3). The per-user log-in key is derived from the user id and token version
-- (apps/api/src/modules/auth/login-key.ts) and no longer stored: the stored keys, readable by anyone with the
-- database or a backup, are emptied (and with them every key ever mailed). Decision 063: the column itself
-- stays, nullable, for the 1.0 code that still reads and writes it during the upgrade (and after a code-only
-- rollback); drizzle/contract/drop_users_login_key.sql drops it in the release after this one.
ALTER TABLE "users" ALTER COLUMN "login_key" DROP NOT NULL;--> statement-breakpoint
UPDATE "users" SET "login_key" = NULL WHERE "login_key" IS NOT NULL;--> statement-breakpoint
-- One-click undo of a notification e-mail change, mailed to the account e-mail (SHA-256 of a 256-bit token).
CREATE TABLE "notification_email_undo_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "notification_email_undo_tokens_user_idx" ON "notification_email_undo_tokens" USING btree ("user_id");
--> statement-breakpoint
-- A sent mail keeps no secret: its links' tokens are cut once it is sent, and a mail whose whole body is secret (a
-- restored password) loses its body (apps/api/src/adapters/mail/mailer.ts).
ALTER TABLE "mail_outbox" ADD COLUMN "forget_body" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "mail_outbox" SET
	"text" = regexp_replace("text", '(/(login|confirm-email|undo-email)/)[A-Za-z0-9_-]{20,}', '\1-', 'g'),
	"html" = regexp_replace("html", '(/(login|confirm-email|undo-email)/)[A-Za-z0-9_-]{20,}', '\1-', 'g')
WHERE "sent_at" IS NOT NULL;--> statement-breakpoint
UPDATE "mail_outbox" SET "text" = '', "html" = NULL WHERE "sent_at" IS NOT NULL AND "subject" = 'Your new Geekly password';
