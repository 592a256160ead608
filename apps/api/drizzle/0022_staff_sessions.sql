ALTER TABLE "users" ADD COLUMN "staff_disabled_at" timestamp with time zone;--> statement-breakpoint
-- Decision 027: a session revoked anywhere (log-out, a password change, a staff account disabled, its role
-- changed or its sessions ended) ends that user's open event streams on every API process. Every revocation is
-- a change of users.token_version, so this trigger publishes it on the live events channel (decision 019:
-- 'geekly_events', EVENTS_CHANNEL in events.repository.ts), delivered when the transaction commits:
-- {"t":"revoked","u":<user id>,"v":<new version>}. Each process's hubs end that user's streams opened with an
-- older version.
CREATE FUNCTION "users_session_revoked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('geekly_events',
    json_build_object('t', 'revoked', 'u', NEW."id", 'v', NEW."token_version")::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_session_revoked" AFTER UPDATE OF "token_version" ON "users" FOR EACH ROW
  WHEN (NEW."token_version" IS DISTINCT FROM OLD."token_version") EXECUTE FUNCTION "users_session_revoked"();
