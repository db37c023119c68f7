import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { dataExports } from '#db/schema/platform.ts'
import { documents, type DocumentStatus } from '#db/schema/tenant.ts'
import type { Patient } from '#server/auth/patient.ts'
import type { TenantTransaction } from '#server/tenancy/index.ts'
import type { SubjectMatch } from '../shared/subject-match.ts'

/**
 * What other modules read of the patient's documents (the dashboard's counts
 * and activity, the risk tab's sources), inside their own tenant transaction:
 * the documents module owns the documents table
 * (docs/decisions/011-table-ownership.md).
 */

export type DocumentCounts = { total: number; pending: number; processed: number; failed: number }

/** The patient's documents by processing state. */
export async function selectDocumentCounts(tx: TenantTransaction, patient: Patient): Promise<DocumentCounts> {
	const [row] = await tx
		.select({
			total: sql<number>`count(*)::int`,
			pending: sql<number>`(count(*) filter (where ${documents.status} in ('queued', 'processing')))::int`,
			processed: sql<number>`(count(*) filter (where ${documents.status} = 'processed'))::int`,
			failed: sql<number>`(count(*) filter (where ${documents.status} = 'failed'))::int`,
		})
		.from(documents)
		.where(eq(documents.ownerId, patient.userId))
	return row ?? { total: 0, pending: 0, processed: 0, failed: 0 }
}

export type RecentDocument = {
	id: string
	title: string
	status: DocumentStatus
	uploadedAt: Date
	processedAt: Date | null
	failureMessage: string | null
	/** whose record it is: 'mismatch' still asks 'Is this you?' */
	subjectMatch: SubjectMatch
}

/** The patient's documents with the newest upload or processing first, at most `limit`. */
export function selectRecentDocuments(tx: TenantTransaction, patient: Patient, limit: number): Promise<RecentDocument[]> {
	return tx
		.select({
			id: documents.id,
			title: documents.title,
			status: documents.status,
			uploadedAt: documents.uploadedAt,
			processedAt: documents.processedAt,
			failureMessage: documents.failureMessage,
			subjectMatch: documents.subjectMatch,
		})
		.from(documents)
		.where(eq(documents.ownerId, patient.userId))
		.orderBy(desc(sql`greatest(${documents.uploadedAt}, coalesce(${documents.processedAt}, ${documents.uploadedAt}))`))
		.limit(limit)
}

/** Titles of those of `ids` that are the patient's documents. */
export async function selectDocumentTitles(tx: TenantTransaction, patient: Patient, ids: string[]): Promise<Map<string, string>> {
	if (ids.length === 0) return new Map()
	const rows = await tx
		.select({ id: documents.id, title: documents.title })
		.from(documents)
		.where(and(eq(documents.ownerId, patient.userId), inArray(documents.id, ids)))
	return new Map(rows.map((row) => [row.id, row.title]))
}

/**
 * The bytes the organization stores: its documents' files, and the zips of
 * its members' data exports while they are kept (written by the exports
 * module; they count against the plan's storage as documents do, so exports
 * cannot fill the volume). Read inside its tenant transaction.
 */
export async function selectOrganizationStoredBytes(tx: TenantTransaction, organizationId: string): Promise<number> {
	const [row] = await tx.execute<{ used: string }>(sql`
		select (select coalesce(sum(size_bytes), 0) from documents)
			+ (select coalesce(sum(${dataExports.sizeBytes}), 0) from ${dataExports}
				where ${dataExports.organizationId} = ${organizationId} and ${dataExports.storageKey} is not null) as used`)
	return Number(row?.used ?? 0)
}

/**
 * The organization's stored files and processing since a date, every member's
 * together (the plan's storage limit and the subscription's usage count the
 * whole organization): bytes stored (documents and export zips,
 * selectOrganizationStoredBytes), and documents processed since `since`.
 */
export async function selectOrganizationDocumentUsage(
	tx: TenantTransaction,
	organizationId: string,
	since: Date,
): Promise<{ storedBytes: number; processedSince: number }> {
	const [row] = await tx
		.select({
			processedSince: sql<number>`(count(*) filter (where ${documents.status} = 'processed' and ${documents.processedAt} >= ${since.toISOString()}::timestamptz))::int`,
		})
		.from(documents)
	return { storedBytes: await selectOrganizationStoredBytes(tx, organizationId), processedSince: row?.processedSince ?? 0 }
}
