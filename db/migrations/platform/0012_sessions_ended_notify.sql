-- Ended sessions are announced on the notifications channel (decision 014), whatever deleted them: sign-out,
-- deactivation of the user or the organization, password change or reset, expiry, a cascade. Every process
-- holding a live notification stream of the user checks that stream's session again and closes it if it is
-- gone. One message per user and statement; NOTIFY folds identical messages of one transaction into one.
CREATE FUNCTION "app"."announce_sessions_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('carebook_notifications', json_build_object('kind', 'session_ended', 'userId', gone.user_id)::text)
	FROM (SELECT DISTINCT user_id FROM ended) gone;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_ended_announce" AFTER DELETE ON "app"."sessions" REFERENCING OLD TABLE AS ended
	FOR EACH STATEMENT EXECUTE FUNCTION "app"."announce_sessions_ended"();
