/**
 * Documents' counters per organization, read from the platform schema
 * (app.organization_document_counters and ..._processed_days). The documents
 * table's trigger (tenant migration 0009, app.count_documents) writes them in
 * the same transaction as every insert, status change and delete, so they
 * equal `documentTotals`' count over the schemas without reading any schema.
 */
import { sql } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import type { TenantDocumentTotals } from './cross-tenant-metadata.ts'

/** Per organization (all, or the given ids): documents, processed (in all and on or after `today`'s UTC day), failed, bytes. */
export async function documentCounters(today: Date, organizationIds?: string[]): Promise<TenantDocumentTotals[]> {
	if (organizationIds?.length === 0) return []
	const day = today.toISOString().slice(0, 10)
	const only = organizationIds
		? sql`where c.organization_id in (${sql.join(
				organizationIds.map((id) => sql`${id}::uuid`),
				sql`, `,
			)})`
		: sql``
	const rows = await getDb().execute<TenantDocumentTotals>(sql`
		select c.organization_id as "organizationId", c.documents as total, c.processed, c.failed, c.bytes,
			coalesce(p.processed, 0)::int as "processedToday"
		from app.organization_document_counters c
		left join (
			select organization_id, sum(processed) as processed from app.organization_documents_processed_days
			where day >= ${day}::date group by organization_id
		) p on p.organization_id = c.organization_id
		${only}`)
	return rows.map((row) => ({ ...row, bytes: Number(row.bytes) }))
}
