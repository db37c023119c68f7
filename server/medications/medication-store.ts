import { and, arrayOverlaps, asc, eq, inArray, ne } from 'drizzle-orm'
import { medications } from '#db/schema/tenant.ts'
import type { ExtractedMedication } from '#server/extraction/index.ts'
import { selectRecordDates } from '#server/documents/store/index.ts'
import { inChunks, selectHeldEntryKeys, type TenantTransaction } from '#server/tenancy/index.ts'

/**
 * The medications table's one owner (docs/decisions/011-table-ownership.md).
 * Today every medication comes from a document: its processing stores them
 * here and the record view reads them, inside the documents module's tenant
 * transaction. Pages of the patient's own medications will build on this
 * module.
 */

/** A medication read from a document, in the document's order: what extraction reads (entryKeys: a C-CDA or FHIR entry's identity). */
export type DocumentMedication = ExtractedMedication

/**
 * Replaces the document's medications with `values` (a second processing run
 * stores them once). A medication whose entry keys one of the patient's
 * other records already holds (a newer CCD listing it again) is not stored
 * twice, but its status follows this document when this one is not older
 * (a medication the newer file lists as completed is no longer active); the
 * caller holds the owner's import lock. Returns how many were left out.
 */
export async function replaceDocumentMedications(
	tx: TenantTransaction,
	document: { id: string; ownerId: string; documentDate: string | null },
	values: DocumentMedication[],
): Promise<{ alreadyHeld: number }> {
	await removeDocumentMedications(tx, document.id)
	const held = await selectHeldEntryKeys(
		tx,
		medications,
		document.ownerId,
		values.flatMap((value) => value.entryKeys ?? []),
	)
	const fresh = values.filter((value) => !value.entryKeys?.some((key) => held.has(key)))
	const alreadyHeld = values.length - fresh.length
	for (const value of values) {
		if (fresh.includes(value) || !value.entryKeys?.length) continue
		await followHeldStatus(tx, document, value.entryKeys, value.status)
	}
	values = fresh
	if (values.length === 0) return { alreadyHeld }
	const rows = values.map((value, position) => ({
		ownerId: document.ownerId,
		documentId: document.id,
		name: value.name,
		dose: value.dose,
		frequency: value.frequency,
		status: value.status,
		text: value.text,
		startDate: value.startDate ?? null,
		entryKeys: value.entryKeys ?? null,
		position,
	}))
	for (const chunk of inChunks(rows)) await tx.insert(medications).values(chunk)
	return { alreadyHeld }
}

/** Gives the held copies of a repeated medication this document's status, unless the record holding them is dated after this one. */
async function followHeldStatus(
	tx: TenantTransaction,
	document: { ownerId: string; documentDate: string | null },
	keys: string[],
	status: DocumentMedication['status'],
) {
	const held = await tx
		.select({ id: medications.id, documentId: medications.documentId })
		.from(medications)
		.where(and(eq(medications.ownerId, document.ownerId), arrayOverlaps(medications.entryKeys, keys), ne(medications.status, status)))
	const fromRecords = held.filter((row): row is { id: string; documentId: string } => row.documentId !== null)
	if (fromRecords.length === 0) return
	const recordDates = await selectRecordDates(tx, document.ownerId, [...new Set(fromRecords.map((row) => row.documentId))])
	const isNotNewer = (holderDate: string | null | undefined) => !document.documentDate || !holderDate || holderDate <= document.documentDate
	const ids = fromRecords.filter((row) => recordDates.has(row.documentId) && isNotNewer(recordDates.get(row.documentId))).map((row) => row.id)
	if (ids.length === 0) return
	await tx.update(medications).set({ status, updatedAt: new Date() }).where(inArray(medications.id, ids))
}

/** Removes what a document's processing stored. */
export async function removeDocumentMedications(tx: TenantTransaction, documentId: string): Promise<void> {
	await tx.delete(medications).where(eq(medications.documentId, documentId))
}

/** A document's medications in its order (the caller has checked the document is the patient's). */
export function selectDocumentMedications(tx: TenantTransaction, documentId: string) {
	return tx
		.select({
			id: medications.id,
			name: medications.name,
			dose: medications.dose,
			frequency: medications.frequency,
			status: medications.status,
			text: medications.text,
			position: medications.position,
		})
		.from(medications)
		.where(eq(medications.documentId, documentId))
		.orderBy(asc(medications.position))
}
