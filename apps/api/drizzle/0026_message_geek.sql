ALTER TABLE "order_messages" ADD COLUMN "geek_id" uuid;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_geek_id_geeks_id_fk" FOREIGN KEY ("geek_id") REFERENCES "public"."geeks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Messages the Geek sent before this column: the task's Geek of today is the best record of who wrote them.
UPDATE "order_messages" SET "geek_id" = "orders"."writer_id" FROM "orders" WHERE "orders"."id" = "order_messages"."order_id" AND "order_messages"."sender_role" = 'writer';
