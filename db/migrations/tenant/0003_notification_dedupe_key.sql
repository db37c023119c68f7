ALTER TABLE "notifications" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_owner_dedupe_key_idx" ON "notifications" USING btree ("owner_id","dedupe_key");