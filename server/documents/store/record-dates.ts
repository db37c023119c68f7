import { and, eq, inArray } from 'drizzle-orm'
import { documents } from '#db/schema/tenant.ts'
import type { TenantTransaction } from '#server/tenancy/index.ts'

/** The dates of some of the owner's records (null when a record has none), for modules that compare what records say by their age. */
export async function selectRecordDates(tx: TenantTransaction, ownerId: string, documentIds: string[]): Promise<Map<string, string | null>> {
	if (documentIds.length === 0) return new Map()
	const rows = await tx
		.select({ id: documents.id, documentDate: documents.documentDate })
		.from(documents)
		.where(and(eq(documents.ownerId, ownerId), inArray(documents.id, documentIds)))
	return new Map(rows.map((row) => [row.id, row.documentDate]))
}
