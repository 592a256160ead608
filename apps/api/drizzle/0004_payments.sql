CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"type" text NOT NULL,
	"payment_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid,
	"purpose" text NOT NULL,
	"context" text,
	"partial" boolean DEFAULT false NOT NULL,
	"amount_cents" bigint NOT NULL,
	"balance_use_cents" bigint DEFAULT 0 NOT NULL,
	"expected_price_cents" bigint,
	"gateway" text NOT NULL,
	"gateway_ref" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"outcome" text,
	"outcome_note" text,
	"return_urls" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0),
	CONSTRAINT "payments_balance_use_nonnegative" CHECK ("payments"."balance_use_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_events" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_payment_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"details" text NOT NULL,
	"company" text NOT NULL,
	"return_urls" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"card_last4" text,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_gateway_sessions_merchant_payment_id_unique" UNIQUE("merchant_payment_id")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_gateway_events" ADD CONSTRAINT "sandbox_gateway_events_session_id_sandbox_gateway_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sandbox_gateway_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sandbox_gateway_events_pending_idx" ON "sandbox_gateway_events" USING btree ("delivered_at","created_at");