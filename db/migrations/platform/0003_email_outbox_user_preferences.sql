CREATE TYPE "app"."email_status" AS ENUM('queued', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "app"."theme" AS ENUM('light', 'dark', 'system');--> statement-breakpoint
CREATE TABLE "app"."email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text,
	"html_body" text,
	"status" "app"."email_status" DEFAULT 'queued' NOT NULL,
	"delivered_via" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error_code" text,
	"last_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "app"."user_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"in_app_notifications" boolean DEFAULT true NOT NULL,
	"theme" "app"."theme" DEFAULT 'light' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."email_outbox" ADD CONSTRAINT "email_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "app"."email_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_status_created_idx" ON "app"."email_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_user_idx" ON "app"."email_outbox" USING btree ("user_id");