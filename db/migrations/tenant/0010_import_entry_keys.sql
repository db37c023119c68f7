ALTER TABLE "appointments" ADD COLUMN "entry_keys" text[];--> statement-breakpoint
ALTER TABLE "health_parameters" ADD COLUMN "entry_keys" text[];--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "entry_keys" text[];--> statement-breakpoint
CREATE INDEX "appointments_entry_keys_idx" ON "appointments" USING gin ("entry_keys");--> statement-breakpoint
CREATE INDEX "health_parameters_entry_keys_idx" ON "health_parameters" USING gin ("entry_keys");--> statement-breakpoint
CREATE INDEX "medications_entry_keys_idx" ON "medications" USING gin ("entry_keys");