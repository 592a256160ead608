-- Decision 048: a Geek's own upload waits with their delivery for staff's quality check: the student sees it once
-- the work reaches them (pass_check, or a delivery without the check).
ALTER TABLE "order_files" ADD COLUMN "held_for_check" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- When the Geek's delivery last went to the quality check (the demo's simulated staff pass it a while after).
ALTER TABLE "orders" ADD COLUMN "check_requested_at" timestamp with time zone;
