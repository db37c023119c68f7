import { createHash, randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { documents } from '#db/schema/tenant.ts'
import type { FileStorage } from '#server/storage/index.ts'
import type { TenantTransaction } from '#server/tenancy/index.ts'
import { IMPORTED_REFERENCE_NOTE, type ImportedReferenceDetails, type StructuredDocumentReference } from '#server/extraction/shared/structured-types.ts'
import { TEXT_LIMITS, toAllowedText } from '#server/validation/shared/text.ts'
import { takeUploadSlots } from './upload-limits.ts'

/**
 * A FHIR file's DocumentReferences (another app's export, or this app's own
 * account export) as records of their own: title, kind, date and provider,
 * processed at once. The files they point at are not in the bundle, so each
 * record's stored file is a small JSON of those details, and the record says
 * so (IMPORTED_REFERENCE_NOTE). A reference the patient already holds (its
 * key, from any earlier import) is not made twice, so processing the file
 * again or importing it twice adds nothing. They stay when the importing
 * record is deleted.
 */

/** At most this many records from one file (a generator writing one DocumentReference per encounter). */
export const MAX_IMPORTED_REFERENCES = 500

const CATEGORY_BY_KIND: Record<StructuredDocumentReference['kind'], string> = {
	lab_report: 'bloodwork',
	imaging: 'imaging',
	clinical_notes: 'visit',
	immunization: 'other',
	other: 'other',
}

/**
 * Stores the references the owner does not hold yet, each a stored file that
 * takes one of the owner's upload slots (upload-limits.ts): past the limit
 * the rest are not made, and counted (`overUploadLimit`) for the record's
 * 'What was not imported'. The caller holds the owner's import lock.
 */
export async function storeImportedReferences(
	tx: TenantTransaction,
	storage: FileStorage,
	source: { organizationId: string; documentId: string; ownerId: string },
	references: StructuredDocumentReference[],
): Promise<{ made: number; overUploadLimit: number }> {
	references = references.slice(0, MAX_IMPORTED_REFERENCES)
	if (references.length === 0) return { made: 0, overUploadLimit: 0 }
	const keys = references.map((reference) => reference.key)
	const held = await tx
		.select({ key: sql<string>`${documents.details}->'importedReference'->>'key'` })
		.from(documents)
		.where(and(eq(documents.ownerId, source.ownerId), inArray(sql`${documents.details}->'importedReference'->>'key'`, keys)))
	const heldKeys = new Set(held.map((row) => row.key))
	const fresh: StructuredDocumentReference[] = []
	for (const reference of references) {
		if (heldKeys.has(reference.key)) continue
		heldKeys.add(reference.key)
		fresh.push(reference)
	}
	const slots = await takeUploadSlots({ userId: source.ownerId, organizationId: source.organizationId }, fresh.length, tx)
	let made = 0
	for (const reference of fresh.slice(0, slots)) {
		const id = randomUUID()
		const storageKey = `${source.organizationId}/${id}`
		const title = toAllowedText(reference.title, TEXT_LIMITS.title) || 'Imported record'
		const provider = reference.provider ? toAllowedText(reference.provider, TEXT_LIMITS.provider) || null : null
		const fileName = reference.fileName ? toAllowedText(reference.fileName, TEXT_LIMITS.title) || null : null
		const details: ImportedReferenceDetails = {
			fromDocumentId: source.documentId,
			key: reference.key,
			fileName,
			contentType: reference.contentType ? toAllowedText(reference.contentType, TEXT_LIMITS.code) || null : null,
			sizeBytes: reference.sizeBytes,
		}
		const bytes = Buffer.from(
			JSON.stringify(
				{
					title,
					kind: reference.kind,
					date: reference.date,
					provider,
					file: { name: fileName, contentType: details.contentType, sizeBytes: details.sizeBytes, included: false },
					note: IMPORTED_REFERENCE_NOTE,
				},
				null,
				2,
			),
		)
		await storage.putBuffer(storageKey, bytes)
		await tx.insert(documents).values({
			id,
			ownerId: source.ownerId,
			fileName: `${(fileName ?? title).slice(0, 180)}.details.json`,
			fileKind: 'fhir',
			mimeType: 'application/json',
			sizeBytes: bytes.length,
			sha256: createHash('sha256').update(bytes).digest('hex'),
			storageKey,
			categoryGuess: CATEGORY_BY_KIND[reference.kind],
			title,
			documentType: reference.kind,
			documentDate: reference.date,
			provider,
			summary: IMPORTED_REFERENCE_NOTE,
			tags: ['FHIR', 'Details only'],
			status: 'processed',
			details: { importedReference: details },
			processedAt: new Date(),
		})
		made++
	}
	return { made, overUploadLimit: fresh.length - slots }
}
