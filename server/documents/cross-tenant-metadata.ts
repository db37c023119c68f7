/**
 * Cross-tenant reads of documents' metadata for the admin portal (DESIGN.md
 * section 10: fully qualified SQL per schema; this module owns the documents
 * table, docs/decisions/011-table-ownership.md). Schema names come from the
 * organizations table and are validated; never from input. Only the columns
 * below are ever selected: administrators never see a document's title,
 * file name, text, values or summary.
 */
import { sql, type SQL } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { assertTenantSchemaName } from '#server/tenancy/schema-name.ts'

export type TenantRef = { id: string; schemaName: string }

/** The metadata columns an administrator may read: status, type, size, timings, error code. */
const METADATA_COLUMNS = sql.raw(
	'id, file_kind as "fileKind", size_bytes as "sizeBytes", document_type as "documentType", status, failure_reason as "failureReason", attempts, (timings->>\'totalMs\')::float as "durationMs", uploaded_at as "uploadedAt", processed_at as "processedAt"',
)

export type DocumentMetadata = {
	organizationId: string
	id: string
	fileKind: string
	sizeBytes: number
	documentType: string
	status: 'queued' | 'processing' | 'processed' | 'failed'
	failureReason: string | null
	attempts: number
	durationMs: number | null
	uploadedAt: string
	processedAt: string | null
}

function documentsOf(tenant: TenantRef): SQL {
	assertTenantSchemaName(tenant.schemaName)
	return sql`${sql.identifier(tenant.schemaName)}.documents`
}

/** One statement per chunk of schemas, so a thousand organizations do not make one huge statement. */
async function acrossTenants<Row>(tenants: TenantRef[], arm: (tenant: TenantRef) => SQL, wrap: (union: SQL) => SQL = (union) => union) {
	const chunkSize = 250
	const chunks: TenantRef[][] = []
	for (let start = 0; start < tenants.length; start += chunkSize) chunks.push(tenants.slice(start, start + chunkSize))
	const results = await Promise.all(
		chunks.map((chunk) =>
			getDb().execute<Row & Record<string, unknown>>(
				wrap(
					sql.join(
						chunk.map((tenant) => sql`(${arm(tenant)})`),
						sql` union all `,
					),
				),
			),
		),
	)
	return results.flat() as Row[]
}

export type TenantDocumentTotals = {
	organizationId: string
	total: number
	processed: number
	processedToday: number
	failed: number
	bytes: number
}

/** Per organization: documents, processed (in all and since `since`), failed, bytes stored. */
export async function documentTotals(tenants: TenantRef[], since: Date): Promise<TenantDocumentTotals[]> {
	if (tenants.length === 0) return []
	const sinceIso = since.toISOString()
	const rows = await acrossTenants<TenantDocumentTotals>(
		tenants,
		(tenant) => sql`select ${tenant.id}::uuid as "organizationId", count(*)::int as total,
			count(*) filter (where status = 'processed')::int as processed,
			count(*) filter (where status = 'processed' and processed_at >= ${sinceIso}::timestamptz)::int as "processedToday",
			count(*) filter (where status = 'failed')::int as failed,
			coalesce(sum(size_bytes), 0)::bigint as bytes
			from ${documentsOf(tenant)}`,
	)
	return rows.map((row) => ({ ...row, bytes: Number(row.bytes) }))
}

/** The newest documents across organizations (metadata only), optionally of one status. */
export async function recentDocuments(tenants: TenantRef[], options: { status?: string; limit: number }) {
	if (tenants.length === 0) return []
	const statusFilter = options.status ? sql`where status = ${options.status}` : sql``
	const rows = await acrossTenants<DocumentMetadata>(
		tenants,
		(tenant) =>
			sql`select ${tenant.id}::uuid as "organizationId", ${METADATA_COLUMNS} from ${documentsOf(tenant)} ${statusFilter} order by uploaded_at desc limit ${options.limit}`,
	)
	return rows
		.map((row) => ({
			...row,
			sizeBytes: Number(row.sizeBytes),
			uploadedAt: new Date(row.uploadedAt).toISOString(),
			processedAt: row.processedAt ? new Date(row.processedAt).toISOString() : null,
		}))
		.sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt))
		.slice(0, options.limit)
}

export type ProcessingDay = { day: string; processed: number; failed: number; p50Ms: number | null; p95Ms: number | null }

/** Per UTC day in [from, to): documents processed and failed, and the processing time's median and 95th percentile. */
export async function processingByDay(tenants: TenantRef[], from: Date, to: Date): Promise<ProcessingDay[]> {
	if (tenants.length === 0) return []
	const fromIso = from.toISOString()
	const toIso = to.toISOString()
	const rows = await acrossTenants<{ day: string; status: string; durationMs: number | null }>(
		tenants,
		(tenant) => sql`select to_char(processed_at at time zone 'UTC', 'YYYY-MM-DD') as day, status, (timings->>'totalMs')::float as "durationMs"
			from ${documentsOf(tenant)} where processed_at >= ${fromIso}::timestamptz and processed_at < ${toIso}::timestamptz and status in ('processed', 'failed')`,
	)
	const byDay = new Map<string, { processed: number; failed: number; durations: number[] }>()
	for (const row of rows) {
		const entry = byDay.get(row.day) ?? { processed: 0, failed: 0, durations: [] }
		if (row.status === 'processed') entry.processed += 1
		else entry.failed += 1
		if (row.status === 'processed' && row.durationMs !== null) entry.durations.push(Number(row.durationMs))
		byDay.set(row.day, entry)
	}
	return [...byDay.entries()]
		.sort(([a], [b]) => a.localeCompare(b))
		.map(([day, entry]) => ({
			day,
			processed: entry.processed,
			failed: entry.failed,
			p50Ms: percentile(entry.durations, 50),
			p95Ms: percentile(entry.durations, 95),
		}))
}

/** The nearest-rank percentile of a list, or null for none. */
export function percentile(values: number[], rank: number): number | null {
	if (values.length === 0) return null
	const sorted = [...values].sort((a, b) => a - b)
	const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1))
	return Math.round(sorted[index]!)
}

/** A document waiting or processing this long with no job that will run it is stranded (a job is locked or due within seconds of its document's change). */
export const STRANDED_AFTER_SECONDS = 60

/**
 * Documents left 'queued' or 'processing' with no live job: none under its
 * key that is running or has attempts left (its job failed for good, or was
 * lost, while the document's own update failed). Ids only.
 */
export async function strandedDocuments(tenants: TenantRef[], options: { olderThanSeconds?: number } = {}) {
	if (tenants.length === 0) return []
	const seconds = options.olderThanSeconds ?? STRANDED_AFTER_SECONDS
	return acrossTenants<{ organizationId: string; documentId: string }>(
		tenants,
		(tenant) => sql`select ${tenant.id}::uuid as "organizationId", d.id as "documentId" from ${documentsOf(tenant)} d
			where d.status in ('queued', 'processing')
			and coalesce(d.processing_started_at, d.uploaded_at) < now() - make_interval(secs => ${seconds})
			and not exists (select 1 from graphile_worker.jobs j where j.key = 'document:' || d.id::text
				and (j.locked_at is not null or j.attempts < j.max_attempts))`,
	)
}
