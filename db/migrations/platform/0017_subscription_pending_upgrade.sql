-- Issue 39 (decision 032): a trial moved to another plan once per organization, and an upgrade waiting for its payment.
ALTER TABLE "app"."subscriptions" ADD COLUMN "trial_plan_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app"."subscriptions" ADD COLUMN "pending_plan" "app"."plan";--> statement-breakpoint
ALTER TABLE "app"."subscriptions" ADD COLUMN "pending_invoice_id" uuid;