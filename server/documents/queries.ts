import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm'
import { documents } from '#db/schema/tenant.ts'
import { recordAudit, recordAuditOnce } from '#server/audit/index.ts'
import { getOrganizationSubscription } from '#server/billing/index.ts'
import { selectDocumentParameters, selectDocumentPrintedResults, summarizeDocumentValues, EMPTY_VALUE_SUMMARY } from '#server/health/index.ts'
import { enqueueProcessDocument, removeProcessDocumentJob } from '#server/queue/queue.ts'
import { selectDocumentMedications } from '#server/medications/index.ts'
import { documentNotificationKey, releaseNotificationKey } from '#server/notifications/index.ts'
import { withTenant, type TenantTransaction } from '#server/tenancy/index.ts'
import { isAllowedText } from '#server/validation/shared/text.ts'
import { refuse, succeed, type Result } from '#server/errors/shared/result.ts'
import { DOCUMENT_MESSAGES } from './shared/messages.ts'
import { takeUploadSlot, tooManyUploads } from './upload-limits.ts'
import { getFileStorage, openStoredFile } from '#server/storage/index.ts'

/** Who is asking: the patient of the session, in their organization. */
import type { Patient } from '#server/auth/patient.ts'
export type { Patient }

const summaryColumns = {
	id: documents.id,
	title: documents.title,
	description: documents.description,
	documentType: documents.documentType,
	documentDate: documents.documentDate,
	provider: documents.provider,
	tags: documents.tags,
	summary: documents.summary,
	status: documents.status,
	subjectMatch: documents.subjectMatch,
	failureReason: documents.failureReason,
	failureMessage: documents.failureMessage,
	fileName: documents.fileName,
	fileKind: documents.fileKind,
	sizeBytes: documents.sizeBytes,
	hasPreview: sql<boolean>`${documents.previewKey} is not null`,
	uploadedAt: documents.uploadedAt,
	processedAt: documents.processedAt,
}

function escapeLike(text: string) {
	return text.replace(/[\\%_]/g, (character) => `\\${character}`)
}

/** The patient's documents, newest first (by document date, then upload), optionally searched. */
export async function listDocuments(patient: Patient, options: { query?: string } = {}) {
	const query = options.query?.trim()
	// Callers validate the search text (parseSearchQuery, safeText); one with refused characters matches nothing.
	if (query && !isAllowedText(query)) return []
	return withTenant(patient.organizationId, (tx) => {
		const pattern = query ? `%${escapeLike(query)}%` : null
		return tx
			.select(summaryColumns)
			.from(documents)
			.where(
				and(
					eq(documents.ownerId, patient.userId),
					pattern
						? or(
								ilike(documents.title, pattern),
								ilike(documents.description, pattern),
								ilike(documents.provider, pattern),
								ilike(documents.extractedText, pattern),
								sql`exists (select 1 from unnest(${documents.tags}) as tag where tag ilike ${pattern})`,
							)
						: undefined,
				),
			)
			.orderBy(sql`coalesce(${documents.documentDate}, ${documents.uploadedAt}::date) desc`, desc(documents.uploadedAt))
	})
}

export type DocumentSummary = Awaited<ReturnType<typeof listDocuments>>[number]

/** Status of a few of the patient's documents (the upload screen follows them live). */
export async function getDocumentsByIds(patient: Patient, ids: string[]) {
	if (!ids.length) return []
	return withTenant(patient.organizationId, async (tx) => {
		const found = await tx
			.select({ ...summaryColumns, textPreview: sql<string | null>`left(${documents.extractedText}, 200)` })
			.from(documents)
			.where(and(eq(documents.ownerId, patient.userId), inArray(documents.id, ids)))
		// each one's value summary, the same as its notification's, page's and the dashboard's
		const summaries = await summarizeDocumentValues(
			tx,
			found.map((document) => document.id),
		)
		return found.map((document) => ({ ...document, values: summaries.get(document.id) ?? EMPTY_VALUE_SUMMARY }))
	})
}

/** Loads of one record by its owner within this many seconds are one 'document.view' (revalidations, a reload). */
export const DOCUMENT_VIEW_WINDOW_SECONDS = 60

/**
 * One document with its lab values, its results under names the vocabulary does not know
 * (printed results) and medications, or null when it does
 * not exist or is not the patient's (the same answer for both). Audited.
 */
export async function getDocument(patient: Patient, documentId: string) {
	if (!isUuid(documentId)) return null
	return withTenant(patient.organizationId, async (tx) => {
		const [document] = await tx
			.select({
				...summaryColumns,
				extractedText: documents.extractedText,
				details: documents.details,
				pages: documents.pages,
				timings: documents.timings,
				attempts: documents.attempts,
				dateChoices: documents.dateChoices,
			})
			.from(documents)
			.where(and(eq(documents.id, documentId), eq(documents.ownerId, patient.userId)))
		if (!document) return null
		const parameters = await selectDocumentParameters(tx, documentId)
		const printedResults = await selectDocumentPrintedResults(tx, documentId)
		const documentMedications = await selectDocumentMedications(tx, documentId)
		// one view of a record page is one entry, however often the page's data is loaded again within a minute
		await recordAuditOnce(
			{ action: 'document.view', actor: patient, target: { type: 'document', id: documentId } },
			{ withinSeconds: DOCUMENT_VIEW_WINDOW_SECONDS },
			tx,
		)
		const values = (await summarizeDocumentValues(tx, [documentId])).get(documentId) ?? EMPTY_VALUE_SUMMARY
		return { ...document, parameters, printedResults, medications: documentMedications, values }
	})
}

/** The stored file (or its preview image) of the patient's document, for streaming. Audited. */
export async function openDocumentFile(patient: Patient, documentId: string, variant: 'original' | 'preview', rangeHeader: string | null = null) {
	if (!isUuid(documentId)) return null
	const row = await withTenant(patient.organizationId, async (tx) => {
		const document = await selectDocumentFile(tx, patient, documentId)
		if (!document) return null
		await auditDocumentAccess(tx, patient, variant === 'original' ? 'document.download' : 'document.preview', documentId)
		return document
	})
	return row ? streamDocumentFile(row, variant, rangeHeader) : null
}

export type StoredDocumentFile = NonNullable<Awaited<ReturnType<typeof selectDocumentFile>>>

/** Where one of the owner's documents keeps its file, inside the caller's tenant transaction; null when it is not the owner's. */
export async function selectDocumentFile(tx: TenantTransaction, owner: Patient, documentId: string) {
	if (!isUuid(documentId)) return null
	const [document] = await tx
		.select({
			storageKey: documents.storageKey,
			previewKey: documents.previewKey,
			mimeType: documents.mimeType,
			fileName: documents.fileName,
			fileKind: documents.fileKind,
		})
		.from(documents)
		.where(and(eq(documents.id, documentId), eq(documents.ownerId, owner.userId)))
	return document ?? null
}

/** The stored file (or its preview) of a row selectDocumentFile found, for streaming (the part a Range header names); null when it is gone. */
export async function streamDocumentFile(row: StoredDocumentFile, variant: 'original' | 'preview', rangeHeader: string | null = null) {
	const key = variant === 'original' ? row.storageKey : row.previewKey
	if (!key) return null
	try {
		const file = await openStoredFile(key, rangeHeader)
		return {
			...file,
			mimeType: variant === 'original' ? row.mimeType : 'image/png',
			fileName: variant === 'original' ? row.fileName : `${row.fileName}.png`,
			fileKind: row.fileKind,
		}
	} catch {
		return null
	}
}

/**
 * What a share shows of some of the owner's documents (title, type, date,
 * provider), inside the caller's tenant transaction; ids that are not the
 * owner's are left out.
 */
export function selectDocumentCards(tx: TenantTransaction, owner: Patient, documentIds: readonly string[]) {
	const ids = documentIds.filter(isUuid)
	if (!ids.length) return Promise.resolve([])
	return tx
		.select({
			id: documents.id,
			title: documents.title,
			documentType: documents.documentType,
			documentDate: documents.documentDate,
			provider: documents.provider,
			fileKind: documents.fileKind,
			hasPreview: sql<boolean>`${documents.previewKey} is not null`,
			uploadedAt: documents.uploadedAt,
			status: documents.status,
		})
		.from(documents)
		.where(and(eq(documents.ownerId, owner.userId), inArray(documents.id, ids)))
		.orderBy(sql`coalesce(${documents.documentDate}, ${documents.uploadedAt}::date) desc`, desc(documents.uploadedAt))
}

export type DocumentCard = Awaited<ReturnType<typeof selectDocumentCards>>[number]

/** Deletes the patient's document with its file, preview, text, parameters and medications. */
export async function deleteDocument(patient: Patient, documentId: string): Promise<Result<object, 'not-found'>> {
	if (!isUuid(documentId)) return documentNotFound()
	const removed = await withTenant(patient.organizationId, async (tx) => {
		const [document] = await tx
			.delete(documents)
			.where(and(eq(documents.id, documentId), eq(documents.ownerId, patient.userId)))
			.returning({ storageKey: documents.storageKey, previewKey: documents.previewKey })
		if (!document) return null
		await removeProcessDocumentJob(tx, documentId)
		await auditDocumentAccess(tx, patient, 'document.delete', documentId)
		return document
	})
	if (!removed) return documentNotFound()
	const storage = getFileStorage()
	await storage.remove(removed.storageKey)
	if (removed.previewKey) await storage.remove(removed.previewKey)
	return succeed({})
}

/** Queues a failed document again (processing errors only: an unreadable file stays failed), at the plan's OCR priority as an upload. */
export async function retryDocument(patient: Patient, documentId: string): Promise<Result<object, 'not-found' | 'too-many-uploads'>> {
	const outcome = await requeueFailedDocument(patient.organizationId, documentId, { ownerId: patient.userId })
	if (outcome === 'queued') return succeed({})
	// not this patient's, or not a document that failed while processing: nothing to retry
	return outcome === 'not-retryable' ? documentNotFound() : tooManyUploads()
}

/**
 * The retry itself, for the owner (`ownerId` given) or an administrator
 * (any owner in the organization): a document that failed with a processing
 * error is queued again. A retry processes the file again, so it takes one
 * of the owner's upload slots (upload-limits.ts); past the limit nothing
 * changes ('too-many-uploads').
 */
export async function requeueFailedDocument(
	organizationId: string,
	documentId: string,
	options: { ownerId?: string } = {},
): Promise<'queued' | 'not-retryable' | 'too-many-uploads'> {
	if (!isUuid(documentId)) return 'not-retryable'
	const subscription = await getOrganizationSubscription(organizationId)
	return withTenant(organizationId, async (tx) => {
		const [document] = await tx
			.select({ id: documents.id, ownerId: documents.ownerId })
			.from(documents)
			.where(
				and(
					eq(documents.id, documentId),
					options.ownerId ? eq(documents.ownerId, options.ownerId) : undefined,
					eq(documents.status, 'failed'),
					eq(documents.failureReason, 'processing_error'),
				),
			)
			.for('update')
		if (!document) return 'not-retryable' as const
		if (await takeUploadSlot({ userId: document.ownerId, organizationId }, tx)) return 'too-many-uploads' as const
		await tx.update(documents).set({ status: 'queued', failureReason: null, failureMessage: null }).where(eq(documents.id, documentId))
		// the earlier failure keeps its notification; a failure of this new run notifies again
		await releaseNotificationKey(tx, document.ownerId, documentNotificationKey(documentId, 'failed'))
		await enqueueProcessDocument(tx, { organizationId, documentId }, { plan: subscription?.plan ?? 'basic' })
		return 'queued' as const
	})
}

/** "Does not exist", "not yours" and "nothing to retry" answer the same. */
function documentNotFound() {
	return refuse('not-found', 'not-found', DOCUMENT_MESSAGES.notFoundTitle)
}

/** Who touched which document and how; never its content. */
function auditDocumentAccess(tx: TenantTransaction, patient: Patient, action: string, documentId: string) {
	return recordAudit({ action, actor: patient, target: { type: 'document', id: documentId } }, tx)
}

export function isUuid(value: string) {
	return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
}
