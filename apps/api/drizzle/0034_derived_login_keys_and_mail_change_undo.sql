-- Decision 051 (issue 35 items 2 and 3). The per-user log-in key is derived from the user id and token version
-- (apps/api/src/modules/auth/login-key.ts) and no longer stored: the stored keys, readable by anyone with the
-- database or a backup, are dropped (and with them every key ever mailed).
DROP INDEX IF EXISTS "users_login_key_key";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "login_key";--> statement-breakpoint
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
