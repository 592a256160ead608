-- Decision 047: a Geek asks for a payout of what Geekly owes them; staff record the payout in the ledger.
CREATE TABLE "payout_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"geek_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"note" text,
	"status" text DEFAULT 'open' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_requests_amount_positive" CHECK ("payout_requests"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_geek_id_geeks_id_fk" FOREIGN KEY ("geek_id") REFERENCES "public"."geeks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_requests_geek_idx" ON "payout_requests" USING btree ("geek_id","created_at");--> statement-breakpoint
CREATE INDEX "payout_requests_status_idx" ON "payout_requests" USING btree ("status","created_at");
