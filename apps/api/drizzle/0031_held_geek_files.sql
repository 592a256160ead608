-- Decision 048: a Geek's own upload waits with their delivery for staff's quality check: the student sees it once
-- the work reaches them (pass_check, or a delivery without the check).
ALTER TABLE "order_files" ADD COLUMN "held_for_check" boolean DEFAULT false NOT NULL;
