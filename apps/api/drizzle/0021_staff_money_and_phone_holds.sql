ALTER TABLE "audit_log" ADD COLUMN "amount_cents" bigint;--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "phone_verifications_phone_idx" ON "phone_verifications" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "users_referred_by_idx" ON "users" USING btree ("referred_by");