import { asc, eq } from 'drizzle-orm'
import { medications } from '#db/schema/tenant.ts'
import { selectHeldEntryKeys, type TenantTransaction } from '#server/tenancy/index.ts'

/**
 * The medications table's one owner (docs/decisions/011-table-ownership.md).
 * Today every medication comes from a document: its processing stores them
 * here and the record view reads them, inside the documents module's tenant
 * transaction. Pages of the patient's own medications will build on this
 * module.
 */

/** A medication read from a document, in the document's order. */
export type DocumentMedication = {
	name: string
	dose: string | null
	frequency: string | null
	status: 'active' | 'discontinued'
	text: string
	startDate?: string | null
	/** a C-CDA or FHIR entry's identity (its id, and its RxNorm code or name, dose and start date) */
	entryKeys?: string[]
}

/**
 * Replaces the document's medications with `values` (a second processing run
 * stores them once). A medication whose entry keys one of the patient's
 * other records already holds (a newer CCD listing it again) is not stored
 * twice; the caller holds the owner's import lock. Returns how many were left out.
 */
export async function replaceDocumentMedications(
	tx: TenantTransaction,
	document: { id: string; ownerId: string },
	values: DocumentMedication[],
): Promise<{ alreadyHeld: number }> {
	await removeDocumentMedications(tx, document.id)
	const held = await selectHeldEntryKeys(tx, medications, document.ownerId, values.flatMap((value) => value.entryKeys ?? []))
	const fresh = values.filter((value) => !value.entryKeys?.some((key) => held.has(key)))
	const alreadyHeld = values.length - fresh.length
	values = fresh
	if (values.length === 0) return { alreadyHeld }
	await tx.insert(medications).values(
		values.map((value, position) => ({
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
		})),
	)
	return { alreadyHeld }
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
