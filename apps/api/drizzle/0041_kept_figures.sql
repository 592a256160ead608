-- Decision 056: figures kept when they change instead of recomputed per request, each by a row trigger in the
-- writing transaction (every write path, raw SQL included). Migration 0042 fills them for existing rows in batches.
-- Each task's unread messages: the student's to staff (the queue's "messages" group) and staff's and the Geek's to
-- the student (the notification's count).
ALTER TABLE "orders" ADD COLUMN "unread_client_messages" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "unread_for_client" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "orders_unread_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  from_client integer := 0;
  for_client integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."status" = 'unread' THEN
    IF OLD."sender_role" = 'client' THEN from_client := from_client - 1; ELSE for_client := for_client - 1; END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."status" = 'unread' THEN
    IF NEW."sender_role" = 'client' THEN from_client := from_client + 1; ELSE for_client := for_client + 1; END IF;
  END IF;
  IF from_client <> 0 OR for_client <> 0 THEN
    UPDATE "orders" SET "unread_client_messages" = "unread_client_messages" + from_client,
      "unread_for_client" = "unread_for_client" + for_client
    WHERE "id" = CASE WHEN TG_OP = 'DELETE' THEN OLD."order_id" ELSE NEW."order_id" END;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "order_messages_unread" AFTER INSERT OR DELETE OR UPDATE OF "status", "sender_role" ON "order_messages"
  FOR EACH ROW EXECUTE FUNCTION "orders_unread_apply"();
--> statement-breakpoint
-- Each Geek's figures: tasks in progress (the load), delivered tasks not refunded, and their real marks (decision 023).
CREATE TABLE "geek_stats" (
  "geek_id" uuid PRIMARY KEY NOT NULL REFERENCES "geeks"("id"),
  "load" integer DEFAULT 0 NOT NULL,
  "completed" integer DEFAULT 0 NOT NULL,
  "marks_sum" bigint DEFAULT 0 NOT NULL,
  "marks_n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "geek_stats_add"(o "orders", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  working integer := coalesce(o."system_client_status" IN ('In Progress', 'Revision Requested'), false)::integer;
  delivered integer := coalesce(o."client_status" IN ('Sent', 'Revision sent') AND NOT o."refunded", false)::integer;
  marked integer := (o."mark" > 0)::integer;
BEGIN
  IF o."writer_id" IS NULL OR working + delivered + marked = 0 THEN
    RETURN;
  END IF;
  INSERT INTO "geek_stats" AS s ("geek_id", "load", "completed", "marks_sum", "marks_n")
  VALUES (o."writer_id", sign * working, sign * delivered, sign * o."mark", sign * marked)
  ON CONFLICT ("geek_id") DO UPDATE SET "load" = s."load" + excluded."load",
    "completed" = s."completed" + excluded."completed", "marks_sum" = s."marks_sum" + excluded."marks_sum",
    "marks_n" = s."marks_n" + excluded."marks_n";
END
$$;
--> statement-breakpoint
CREATE FUNCTION "geek_stats_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "geek_stats_add"(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "geek_stats_add"(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_geek_stats" AFTER INSERT OR DELETE OR UPDATE OF "writer_id", "system_client_status",
  "client_status", "refunded", "mark" ON "orders" FOR EACH ROW EXECUTE FUNCTION "geek_stats_apply"();
--> statement-breakpoint
-- What each Geek's ledger account received, by UTC day and by month (decision 036's earnings and tips): the totals
-- and the payout report sum whole months and the days at the period's ends.
CREATE TABLE "geek_earning_days" (
  "geek_id" uuid NOT NULL,
  "day" date NOT NULL,
  "earned_cents" bigint DEFAULT 0 NOT NULL,
  "tips_cents" bigint DEFAULT 0 NOT NULL,
  "tasks" integer DEFAULT 0 NOT NULL,
  PRIMARY KEY ("geek_id", "day")
);
--> statement-breakpoint
CREATE TABLE "geek_earning_months" (
  "geek_id" uuid NOT NULL,
  "month" date NOT NULL,
  "earned_cents" bigint DEFAULT 0 NOT NULL,
  "tips_cents" bigint DEFAULT 0 NOT NULL,
  "tasks" integer DEFAULT 0 NOT NULL,
  PRIMARY KEY ("geek_id", "month")
);
--> statement-breakpoint
CREATE FUNCTION "geek_earnings_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t record;
  on_day date;
  earned_now bigint := 0;
  tips_now bigint := 0;
  tasks_now integer := 0;
BEGIN
  SELECT "kind", "created_at" INTO t FROM "ledger_transactions" WHERE "id" = NEW."transaction_id";
  IF t."kind" = 'geek_earning' THEN
    earned_now := NEW."amount_cents";
    tasks_now := 1;
  ELSIF t."kind" LIKE 'tip\_%' THEN
    tips_now := NEW."amount_cents";
  ELSE
    RETURN NULL;
  END IF;
  on_day := (t."created_at" AT TIME ZONE 'UTC')::date;
  INSERT INTO "geek_earning_days" AS s ("geek_id", "day", "earned_cents", "tips_cents", "tasks")
  VALUES (NEW."account_id", on_day, earned_now, tips_now, tasks_now)
  ON CONFLICT ("geek_id", "day") DO UPDATE SET "earned_cents" = s."earned_cents" + excluded."earned_cents",
    "tips_cents" = s."tips_cents" + excluded."tips_cents", "tasks" = s."tasks" + excluded."tasks";
  INSERT INTO "geek_earning_months" AS s ("geek_id", "month", "earned_cents", "tips_cents", "tasks")
  VALUES (NEW."account_id", date_trunc('month', on_day)::date, earned_now, tips_now, tasks_now)
  ON CONFLICT ("geek_id", "month") DO UPDATE SET "earned_cents" = s."earned_cents" + excluded."earned_cents",
    "tips_cents" = s."tips_cents" + excluded."tips_cents", "tasks" = s."tasks" + excluded."tasks";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_geek_earnings" AFTER INSERT ON "ledger_entries" FOR EACH ROW
  WHEN (NEW."account_type" = 'geek') EXECUTE FUNCTION "geek_earnings_apply"();
--> statement-breakpoint
-- The back office's search by any part of a title or an e-mail (trigram indexes, migration 0042).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
