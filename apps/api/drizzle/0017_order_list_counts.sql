CREATE TABLE "order_list_counts" (
	"user_id" uuid NOT NULL,
	"system_client_status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "order_list_counts_user_id_system_client_status_pk" PRIMARY KEY("user_id","system_client_status")
);
--> statement-breakpoint
ALTER TABLE "order_list_counts" ADD CONSTRAINT "order_list_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Decision 016: the task list's total, kept by every write to orders. One upsert a change, its rows in key order,
-- so two changes of one client's tasks take the counters' row locks in the same order.
CREATE FUNCTION "order_list_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "order_list_counts";
    RETURN NULL;
  END IF;
  INSERT INTO "order_list_counts" AS c ("user_id", "system_client_status", "n")
  SELECT d.user_id, d.status, sum(d.delta)::integer
  FROM (
    SELECT OLD.user_id, OLD.system_client_status, -1
    WHERE TG_OP <> 'INSERT' AND OLD.client_remove = false AND OLD.system_client_status <> 'Deleted'
    UNION ALL
    SELECT NEW.user_id, NEW.system_client_status, 1
    WHERE TG_OP <> 'DELETE' AND NEW.client_remove = false AND NEW.system_client_status <> 'Deleted'
  ) AS d (user_id, status, delta)
  GROUP BY d.user_id, d.status
  HAVING sum(d.delta) <> 0
  ORDER BY d.user_id, d.status
  ON CONFLICT ("user_id", "system_client_status") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_list_counts_write" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "client_remove", "system_client_status" ON "orders" FOR EACH ROW EXECUTE FUNCTION "order_list_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "orders_list_counts_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "order_list_counts_apply"();
--> statement-breakpoint
INSERT INTO "order_list_counts" ("user_id", "system_client_status", "n")
SELECT "user_id", "system_client_status", count(*)::integer FROM "orders"
WHERE "client_remove" = false AND "system_client_status" <> 'Deleted'
GROUP BY "user_id", "system_client_status";
