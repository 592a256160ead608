-- Issue 31: staff approve or reject a Geek application; an approval makes the Geek profile it names.
ALTER TABLE "applications" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "geek_id" uuid;--> statement-breakpoint
-- Only the hash of an applicant's password is kept, so whether it is under 8 characters (to be changed at first
-- log-in) is recorded when it is received.
ALTER TABLE "applications" ADD COLUMN "password_short" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_geek_id_geeks_id_fk" FOREIGN KEY ("geek_id") REFERENCES "public"."geeks"("id") ON DELETE no action ON UPDATE no action;
