CREATE TABLE "share_access_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"share_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"document_id" uuid,
	"client" text NOT NULL,
	"network" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_documents" (
	"share_id" uuid NOT NULL,
	"document_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"recipient_email" text,
	"passcode_hash" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "share_access_log" ADD CONSTRAINT "share_access_log_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_access_log" ADD CONSTRAINT "share_access_log_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_documents" ADD CONSTRAINT "share_documents_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_documents" ADD CONSTRAINT "share_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_access_log_share_time_idx" ON "share_access_log" USING btree ("share_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "share_documents_share_document_key" ON "share_documents" USING btree ("share_id","document_id");--> statement-breakpoint
CREATE INDEX "share_documents_document_idx" ON "share_documents" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "shares_owner_created_idx" ON "shares" USING btree ("owner_id","created_at");