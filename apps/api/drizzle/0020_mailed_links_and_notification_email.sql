-- Hand-written (decision 028): tokens already mailed take their user's current session version, and live at
-- most the new 24 hours from when they were issued.
ALTER TABLE "login_tokens" ADD COLUMN "token_version" integer;--> statement-breakpoint
UPDATE "login_tokens" SET "token_version" = "users"."token_version",
  "expires_at" = least("login_tokens"."expires_at", "login_tokens"."created_at" + interval '24 hours')
  FROM "users" WHERE "users"."id" = "login_tokens"."user_id";--> statement-breakpoint
ALTER TABLE "login_tokens" ALTER COLUMN "token_version" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_notification_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_notification_token_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_notification_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_pending_notification_token_key" ON "users" USING btree ("pending_notification_token_hash");