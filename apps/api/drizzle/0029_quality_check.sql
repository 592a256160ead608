-- Decision 048: staff's note when they return a Geek's delivery from the quality check.
ALTER TABLE "orders" ADD COLUMN "check_note" text;--> statement-breakpoint
-- The offers: paid tasks with no Geek, read by the Geeks' workspace.
CREATE INDEX "orders_open_idx" ON "orders" USING btree ("client_paid_at_first") WHERE "writer_id" IS NULL AND "system_client_status" = 'Paid';
--> statement-breakpoint
-- When the task's Geek last read its messages in the workspace (their unread count).
ALTER TABLE "orders" ADD COLUMN "geek_read_at" timestamp with time zone;
