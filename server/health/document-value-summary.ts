import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import { healthParameters } from '#db/schema/tenant.ts'
import type { TenantTransaction } from '#server/tenancy/index.ts'
import { EMPTY_VALUE_SUMMARY, type DocumentValueSummary } from '#server/health/shared/value-summary.ts'

/**
 * A document's value summary (shared/value-summary.ts) from its stored rows:
 * every value read and kept (not an alternate row of a code, not removed),
 * those still to check, those outside the range. Whether the document counts
 * as the patient's ('Is this you?') is said beside it, not subtracted from it,
 * so every surface gives the same numbers for one document.
 */
const keptRow = and(eq(healthParameters.alternate, false), ne(healthParameters.reviewStatus, 'removed'))

const summaryColumns = {
	read: sql<number>`count(*)::int`,
	toCheck: sql<number>`(count(*) filter (where ${healthParameters.reviewStatus} = 'to_check'))::int`,
	outside: sql<number>`(count(*) filter (where ${healthParameters.status} in ('low', 'high', 'critical')))::int`,
}

/** The summaries of some documents (inside the caller's tenant transaction); a document without values has the empty one. */
export async function summarizeDocumentValues(tx: TenantTransaction, documentIds: readonly string[]): Promise<Map<string, DocumentValueSummary>> {
	if (documentIds.length === 0) return new Map()
	const rows = await tx
		.select({ documentId: healthParameters.documentId, ...summaryColumns })
		.from(healthParameters)
		.where(and(inArray(healthParameters.documentId, [...documentIds]), keptRow))
		.groupBy(healthParameters.documentId)
	const byDocument = new Map(rows.map((row) => [row.documentId!, { read: row.read, toCheck: row.toCheck, outside: row.outside }]))
	return new Map(documentIds.map((id) => [id, byDocument.get(id) ?? EMPTY_VALUE_SUMMARY]))
}
