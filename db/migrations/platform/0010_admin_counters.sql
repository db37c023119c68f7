CREATE TABLE "app"."organization_document_counters" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"documents" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."organization_documents_processed_days" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "organization_documents_processed_days_organization_id_day_pk" PRIMARY KEY("organization_id","day")
);
--> statement-breakpoint
ALTER TABLE "app"."users" ADD COLUMN "primary_organization_id" uuid;--> statement-breakpoint
ALTER TABLE "app"."organization_document_counters" ADD CONSTRAINT "organization_document_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "app"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."organization_documents_processed_days" ADD CONSTRAINT "organization_documents_processed_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "app"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_documents_processed_days_day_idx" ON "app"."organization_documents_processed_days" USING btree ("day");--> statement-breakpoint
ALTER TABLE "app"."users" ADD CONSTRAINT "users_primary_organization_id_organizations_id_fk" FOREIGN KEY ("primary_organization_id") REFERENCES "app"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organizations_name_idx" ON "app"."organizations" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "users_primary_organization_idx" ON "app"."users" USING btree ("primary_organization_id","id");--> statement-breakpoint
-- A user's primary organization is their first membership's (by creation): kept by this trigger on every
-- insert, delete and move of a membership (registration, an administrator's create and move, an organization's
-- delete through the foreign key's cascade), so the admin users list sorts by organization with one indexed read.
CREATE FUNCTION "app"."refresh_primary_organization"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	affected uuid;
BEGIN
	FOREACH affected IN ARRAY (CASE TG_OP WHEN 'INSERT' THEN ARRAY[NEW.user_id] WHEN 'DELETE' THEN ARRAY[OLD.user_id] ELSE ARRAY[OLD.user_id, NEW.user_id] END) LOOP
		UPDATE "app"."users" u SET "primary_organization_id" = first.organization_id
		FROM (SELECT (SELECT m.organization_id FROM "app"."memberships" m WHERE m.user_id = affected ORDER BY m.created_at, m.organization_id LIMIT 1) AS organization_id) first
		WHERE u.id = affected AND u.primary_organization_id IS DISTINCT FROM first.organization_id;
	END LOOP;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "memberships_primary_organization" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "organization_id", "created_at" ON "app"."memberships"
	FOR EACH ROW EXECUTE FUNCTION "app"."refresh_primary_organization"();--> statement-breakpoint
UPDATE "app"."users" u SET "primary_organization_id" = (SELECT m.organization_id FROM "app"."memberships" m WHERE m.user_id = u.id ORDER BY m.created_at, m.organization_id LIMIT 1);--> statement-breakpoint
-- Documents' counters per organization (owned by the documents module, decision 011): each tenant schema's
-- documents table calls this after every insert, update and delete (tenant migration 0009), in the same transaction.
CREATE FUNCTION "app"."count_documents"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	organization uuid;
	documents_delta integer := 0;
	processed_delta integer := 0;
	failed_delta integer := 0;
	bytes_delta bigint := 0;
	old_day date;
	new_day date;
BEGIN
	SELECT o.id INTO organization FROM "app"."organizations" o WHERE o.schema_name = TG_TABLE_SCHEMA;
	IF organization IS NULL THEN
		RETURN NULL;
	END IF;
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		documents_delta := documents_delta - 1;
		bytes_delta := bytes_delta - OLD.size_bytes;
		IF OLD.status = 'processed' THEN
			processed_delta := processed_delta - 1;
			old_day := (OLD.processed_at AT TIME ZONE 'UTC')::date;
		END IF;
		IF OLD.status = 'failed' THEN failed_delta := failed_delta - 1; END IF;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		documents_delta := documents_delta + 1;
		bytes_delta := bytes_delta + NEW.size_bytes;
		IF NEW.status = 'processed' THEN
			processed_delta := processed_delta + 1;
			new_day := (NEW.processed_at AT TIME ZONE 'UTC')::date;
		END IF;
		IF NEW.status = 'failed' THEN failed_delta := failed_delta + 1; END IF;
	END IF;
	IF documents_delta <> 0 OR processed_delta <> 0 OR failed_delta <> 0 OR bytes_delta <> 0 THEN
		INSERT INTO "app"."organization_document_counters" AS c (organization_id, documents, processed, failed, bytes)
		VALUES (organization, documents_delta, processed_delta, failed_delta, bytes_delta)
		ON CONFLICT (organization_id) DO UPDATE SET documents = c.documents + excluded.documents, processed = c.processed + excluded.processed,
			failed = c.failed + excluded.failed, bytes = c.bytes + excluded.bytes;
	END IF;
	IF old_day IS DISTINCT FROM new_day THEN
		IF old_day IS NOT NULL THEN
			UPDATE "app"."organization_documents_processed_days" SET processed = processed - 1 WHERE organization_id = organization AND day = old_day;
		END IF;
		IF new_day IS NOT NULL THEN
			INSERT INTO "app"."organization_documents_processed_days" AS d (organization_id, day, processed) VALUES (organization, new_day, 1)
			ON CONFLICT (organization_id, day) DO UPDATE SET processed = d.processed + 1;
		END IF;
	END IF;
	RETURN NULL;
END
$$;
