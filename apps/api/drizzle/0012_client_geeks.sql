CREATE TABLE "client_geeks" (
	"user_id" uuid NOT NULL,
	"geek_id" uuid NOT NULL,
	"faved" boolean DEFAULT false NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_geeks_user_id_geek_id_pk" PRIMARY KEY("user_id","geek_id")
);
--> statement-breakpoint
ALTER TABLE "client_geeks" ADD CONSTRAINT "client_geeks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_geeks" ADD CONSTRAINT "client_geeks_geek_id_geeks_id_fk" FOREIGN KEY ("geek_id") REFERENCES "public"."geeks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_writer_idx" ON "orders" USING btree ("writer_id");