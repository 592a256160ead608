CREATE TABLE "autopilot_steps" (
	"order_id" uuid NOT NULL,
	"step" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autopilot_steps_order_id_step_pk" PRIMARY KEY("order_id","step")
);
--> statement-breakpoint
ALTER TABLE "autopilot_steps" ADD CONSTRAINT "autopilot_steps_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;