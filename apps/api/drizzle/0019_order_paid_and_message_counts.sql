ALTER TABLE "orders" ADD COLUMN "paid_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "messages_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Decision 025: a task's paid amount and message count, kept in the transaction that writes the ledger entry or
-- the message. Money moves on a task only under its row lock (lockOrder), so the update below takes no new
-- lock there. The ledger is append-only (0001_ledger_guards), so only inserts move the paid amount.
CREATE FUNCTION "orders_paid_cents_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "orders" SET "paid_cents" = "paid_cents" + NEW."amount_cents" WHERE "id" = NEW."account_id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_order_paid" AFTER INSERT ON "ledger_entries" FOR EACH ROW
  WHEN (NEW."account_type" = 'order') EXECUTE FUNCTION "orders_paid_cents_apply"();
--> statement-breakpoint
CREATE FUNCTION "orders_messages_count_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "orders" SET "messages_count" = "messages_count" + 1 WHERE "id" = NEW."order_id";
  ELSE
    UPDATE "orders" SET "messages_count" = "messages_count" - 1 WHERE "id" = OLD."order_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "order_messages_count" AFTER INSERT OR DELETE ON "order_messages" FOR EACH ROW
  EXECUTE FUNCTION "orders_messages_count_apply"();
--> statement-breakpoint
UPDATE "orders" o SET
  "paid_cents" = coalesce((SELECT sum(l."amount_cents") FROM "ledger_entries" l
    WHERE l."account_type" = 'order' AND l."account_id" = o."id"), 0),
  "messages_count" = (SELECT count(*) FROM "order_messages" m WHERE m."order_id" = o."id");
