CREATE TABLE "portal_authorizations" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"session_hash" text NOT NULL,
	"connection_id" uuid,
	"sealed_request" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"endpoint_key" text NOT NULL,
	"client_key" text NOT NULL,
	"name" text NOT NULL,
	"fhir_base_url" text NOT NULL,
	"issuer" text,
	"token_endpoint" text NOT NULL,
	"revocation_endpoint" text,
	"portal_patient_id" text NOT NULL,
	"scope" text NOT NULL,
	"sealed_tokens" text NOT NULL,
	"access_expires_at" timestamp with time zone,
	"status" text DEFAULT 'connected' NOT NULL,
	"sync_state" text DEFAULT 'idle' NOT NULL,
	"progress" jsonb,
	"last_error" text,
	"last_sync_started_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"synced_up_to" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_resources" (
	"connection_id" uuid NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"version_hash" text NOT NULL,
	"document_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal_authorizations" ADD CONSTRAINT "portal_authorizations_connection_id_portal_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "portal_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_resources" ADD CONSTRAINT "portal_resources_connection_id_portal_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "portal_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_resources" ADD CONSTRAINT "portal_resources_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_connections_owner_idx" ON "portal_connections" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_resources_connection_resource_key" ON "portal_resources" USING btree ("connection_id","resource_type","resource_id");--> statement-breakpoint
CREATE INDEX "portal_resources_document_idx" ON "portal_resources" USING btree ("document_id");