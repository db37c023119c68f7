CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file_kind" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"preview_key" text,
	"category_guess" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"document_type" text DEFAULT 'other' NOT NULL,
	"document_date" date,
	"provider" text,
	"summary" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"extracted_text" text,
	"pages" integer,
	"details" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"failure_reason" text,
	"failure_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"timings" jsonb,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processing_started_at" timestamp with time zone,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "health_parameters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"document_id" uuid,
	"source" text NOT NULL,
	"code" text NOT NULL,
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
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"document_id" uuid,
	"name" text NOT NULL,
	"dose" text,
	"frequency" text,
	"status" text DEFAULT 'active' NOT NULL,
	"text" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "health_parameters" ADD CONSTRAINT "health_parameters_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_owner_uploaded_idx" ON "documents" USING btree ("owner_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "documents_owner_date_idx" ON "documents" USING btree ("owner_id","document_date");--> statement-breakpoint
CREATE INDEX "health_parameters_owner_code_date_idx" ON "health_parameters" USING btree ("owner_id","code","test_date");--> statement-breakpoint
CREATE INDEX "health_parameters_document_idx" ON "health_parameters" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "medications_owner_idx" ON "medications" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "medications_document_idx" ON "medications" USING btree ("document_id");