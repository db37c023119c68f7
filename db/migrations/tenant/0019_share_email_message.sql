-- Share via Email: the outbox message carrying the link, so the list can say 'Not sent' when none was queued or it failed (issue 39).
ALTER TABLE "shares" ADD COLUMN "email_message_id" uuid;