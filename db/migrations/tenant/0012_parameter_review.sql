ALTER TABLE "health_parameters" ADD COLUMN "review_status" text DEFAULT 'accepted' NOT NULL;--> statement-breakpoint
ALTER TABLE "health_parameters" ADD COLUMN "review_code" text;--> statement-breakpoint
ALTER TABLE "health_parameters" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "health_parameters" ADD COLUMN "original_value_text" text;--> statement-breakpoint
ALTER TABLE "health_parameters" ADD COLUMN "original_unit" text;--> statement-breakpoint
ALTER TABLE "health_parameters" ADD COLUMN "original_reference_range_text" text;--> statement-breakpoint
ALTER TABLE "health_parameters" ADD COLUMN "reviewed_at" timestamp with time zone;