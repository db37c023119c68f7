-- The organization's documents' counters in the platform schema (app.count_documents, platform migration 0010),
-- kept in the same transaction as each document's change; then today's documents counted once.
CREATE TRIGGER "documents_counters" AFTER INSERT OR DELETE OR UPDATE OF "status", "size_bytes", "processed_at" ON "documents"
	FOR EACH ROW EXECUTE FUNCTION "app"."count_documents"();--> statement-breakpoint
INSERT INTO "app"."organization_document_counters" AS c (organization_id, documents, processed, failed, bytes)
SELECT o.id, count(d.id)::int, (count(d.id) FILTER (WHERE d.status = 'processed'))::int, (count(d.id) FILTER (WHERE d.status = 'failed'))::int, coalesce(sum(d.size_bytes), 0)
FROM "app"."organizations" o LEFT JOIN "documents" d ON true WHERE o.schema_name = current_schema() GROUP BY o.id
ON CONFLICT (organization_id) DO UPDATE SET documents = excluded.documents, processed = excluded.processed, failed = excluded.failed, bytes = excluded.bytes;--> statement-breakpoint
INSERT INTO "app"."organization_documents_processed_days" AS p (organization_id, day, processed)
SELECT o.id, (d.processed_at AT TIME ZONE 'UTC')::date, count(*)::int
FROM "app"."organizations" o JOIN "documents" d ON d.status = 'processed' AND d.processed_at IS NOT NULL WHERE o.schema_name = current_schema()
GROUP BY o.id, (d.processed_at AT TIME ZONE 'UTC')::date
ON CONFLICT (organization_id, day) DO UPDATE SET processed = excluded.processed;
