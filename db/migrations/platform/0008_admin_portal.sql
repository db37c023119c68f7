CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
CREATE TABLE "app"."admin_alert_acknowledgements" (
	"alert_key" text PRIMARY KEY NOT NULL,
	"acknowledged_by" uuid,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."api_call_counts" (
	"day" date PRIMARY KEY NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."organizations" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "app"."organizations" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "app"."organizations" ADD COLUMN "require_two_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."organizations" ADD COLUMN "session_lifetime_minutes" integer;--> statement-breakpoint
ALTER TABLE "app"."admin_alert_acknowledgements" ADD CONSTRAINT "admin_alert_acknowledgements_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "app"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "app"."audit_log" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_time_idx" ON "app"."audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "memberships_user_created_idx" ON "app"."memberships" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "app"."users" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "app"."users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_last_login_idx" ON "app"."users" USING btree ("last_login_at" desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "app"."users" USING gin (lower("name") public.gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "app"."users" USING gin (lower("email") public.gin_trgm_ops);