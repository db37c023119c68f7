-- Every printed result is kept (issue 38): rows printed under names the vocabulary does not know, and the analyte each patient said a printed name stands for.
CREATE TABLE "printed_name_choices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name_key" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "printed_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"name" text NOT NULL,
	"value" double precision NOT NULL,
	"value_text" text NOT NULL,
	"unit" text,
	"reference_range_min" double precision,
	"reference_range_max" double precision,
	"reference_range_text" text,
	"status" text,
	"test_date" date NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"parameter_id" uuid,
	"coded_by" text,
	"coded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "printed_results" ADD CONSTRAINT "printed_results_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printed_results" ADD CONSTRAINT "printed_results_parameter_id_health_parameters_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "health_parameters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "printed_name_choices_owner_name_idx" ON "printed_name_choices" USING btree ("owner_id","name_key");--> statement-breakpoint
CREATE INDEX "printed_results_document_idx" ON "printed_results" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "printed_results_parameter_idx" ON "printed_results" USING btree ("parameter_id");