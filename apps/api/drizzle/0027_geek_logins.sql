-- Decision 047: a Geek signs in to their workspace with a log-in of its own kind, one per Geek profile and keyed by
-- it (geek_id), apart from the students' and staff's users rows (an e-mail may be a student's and a Geek's).
CREATE TABLE "geek_logins" (
	"geek_id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"last_active_at" timestamp with time zone,
	"offers_mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "geek_logins" ADD CONSTRAINT "geek_logins_geek_id_geeks_id_fk" FOREIGN KEY ("geek_id") REFERENCES "public"."geeks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "geek_logins_email_key" ON "geek_logins" USING btree ("email");--> statement-breakpoint
-- One-time links to set a Geek's password: a staff invitation (72 hours) or a restore (1 hour); only the SHA-256.
CREATE TABLE "geek_login_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"geek_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "geek_login_tokens" ADD CONSTRAINT "geek_login_tokens_geek_id_geeks_id_fk" FOREIGN KEY ("geek_id") REFERENCES "public"."geeks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "geek_login_tokens_geek_idx" ON "geek_login_tokens" USING btree ("geek_id");--> statement-breakpoint
-- Staff mark TOP Geeks (the 'TOP Geek' add-on's tasks are theirs); a Geek sets Available or Away.
ALTER TABLE "geeks" ADD COLUMN "is_top" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "geeks" ADD COLUMN "available" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The audit log's actor may be a Geek in their workspace.
ALTER TABLE "audit_log" ADD COLUMN "actor_geek_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_geek_id_geeks_id_fk" FOREIGN KEY ("actor_geek_id") REFERENCES "public"."geeks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A Geek's own upload is signed for and recorded as uploaded by the Geek's id (a geeks row, not a users row).
ALTER TABLE "file_uploads" DROP CONSTRAINT "file_uploads_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "order_files" DROP CONSTRAINT "order_files_uploaded_by_users_id_fk";--> statement-breakpoint
-- Decision 027's revocation, for Geek log-ins too: a change of the token version ends the Geek's event streams
-- on every API process ({"t":"revoked","u":<geek id>,"v":<version>} on the live events channel).
CREATE FUNCTION "geek_logins_session_revoked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('geekly_events',
    json_build_object('t', 'revoked', 'u', NEW."geek_id", 'v', NEW."token_version")::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "geek_logins_session_revoked" AFTER UPDATE OF "token_version" ON "geek_logins" FOR EACH ROW
  WHEN (NEW."token_version" IS DISTINCT FROM OLD."token_version") EXECUTE FUNCTION "geek_logins_session_revoked"();
