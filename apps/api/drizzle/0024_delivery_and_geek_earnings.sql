ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "geek_earned_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_acceptance_idx" ON "orders" USING btree ("delivered_at") WHERE "orders"."geek_earned_at" is null;--> statement-breakpoint
-- Hand-written backfill (decision 036): a task delivered before this migration was delivered at its last logged
-- deliver or deliver_revision transition, or, without one (seeded demo rows), when it was last written.
UPDATE "orders" o SET "delivered_at" = coalesce(
  (SELECT max(t."created_at") FROM "order_transitions" t
    WHERE t."order_id" = o."id" AND t."name" IN ('deliver', 'deliver_revision')),
  o."updated_at")
WHERE o."client_status" IN ('Sent', 'Revision sent');
