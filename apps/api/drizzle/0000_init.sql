CREATE TABLE "coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"discount_type" text DEFAULT 'percentage' NOT NULL,
	"percent_off" integer NOT NULL,
	"min_price_cents" bigint DEFAULT 0 NOT NULL,
	"first_orders_limit" integer,
	"per_user_limit" integer,
	"total_limit" integer,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"name" text PRIMARY KEY NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geeks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"public_full_name" text NOT NULL,
	"major" text NOT NULL,
	"public_subjects" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"has_avatar" boolean DEFAULT false NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account_type" text NOT NULL,
	"account_id" uuid,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "ledger_entries_nonzero" CHECK ("ledger_entries"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"user_id" uuid,
	"order_id" uuid,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"sender_role" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'unread' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 10001 CACHE 1),
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"subject" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"level" text DEFAULT 'College' NOT NULL,
	"spacing" text DEFAULT 'double' NOT NULL,
	"size" text DEFAULT '0 pages' NOT NULL,
	"request_type" text,
	"additional" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"price_cents" bigint,
	"quote_price_cents" bigint,
	"partial_price_cents" bigint,
	"client_base_price_cents" bigint,
	"discount" text,
	"system_client_status" text DEFAULT 'New project' NOT NULL,
	"client_status" text,
	"client_paid_at" timestamp with time zone,
	"client_paid_at_first" timestamp with time zone,
	"refunded" boolean DEFAULT false NOT NULL,
	"mark" integer DEFAULT 0 NOT NULL,
	"profile_arch" integer DEFAULT 0 NOT NULL,
	"client_remove" boolean DEFAULT false NOT NULL,
	"writer_id" uuid,
	"force_review_at" timestamp with time zone,
	"revision_accept_at" timestamp with time zone,
	"revision_deadline" timestamp with time zone,
	"work_started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_mark_range" CHECK ("orders"."mark" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"pending_password_hash" text,
	"pending_password_expires_at" timestamp with time zone,
	"token_version" integer DEFAULT 0 NOT NULL,
	"role" text DEFAULT 'client' NOT NULL,
	"phone" text,
	"country" text,
	"notification_email" text NOT NULL,
	"referral_code" text NOT NULL,
	"login_key" text NOT NULL,
	"profile_landing" text,
	"profile_landing_query" text,
	"referred_by" text,
	"timezone_str" text,
	"signup_country" text,
	"onboarding_event_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_subject_courses_name_fk" FOREIGN KEY ("subject") REFERENCES "public"."courses"("name") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_writer_id_geeks_id_fk" FOREIGN KEY ("writer_id") REFERENCES "public"."geeks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_type","account_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("sent_at","next_attempt_at");--> statement-breakpoint
CREATE INDEX "order_messages_order_idx" ON "order_messages" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_key" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "users_referral_code_key" ON "users" USING btree ("referral_code");--> statement-breakpoint
CREATE UNIQUE INDEX "users_login_key_key" ON "users" USING btree ("login_key");