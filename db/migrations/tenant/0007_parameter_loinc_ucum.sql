ALTER TABLE "health_parameters" ADD COLUMN "loinc" text;--> statement-breakpoint
ALTER TABLE "health_parameters" ADD COLUMN "ucum_unit" text;