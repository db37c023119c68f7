-- Issue 41: an address gets notification e-mails only once its owner confirmed it (null: not yet, existing accounts included: each confirms once); the per-recipient daily cap counts by address.
ALTER TYPE "app"."account_token_purpose" ADD VALUE 'email_confirm';--> statement-breakpoint
ALTER TABLE "app"."users" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "email_outbox_recipient_created_idx" ON "app"."email_outbox" USING btree (lower("recipient"),"created_at");