import { eq, sql } from 'drizzle-orm'
import { documents } from '#db/schema/tenant.ts'
import { storeImportedAppointments } from '#server/appointments/index.ts'
import type { StructuredAppointment, StructuredDocumentReference, StructuredSummary } from '#server/extraction/shared/structured-types.ts'
import type { FileStorage } from '#server/storage/index.ts'
import type { TenantTransaction } from '#server/tenancy/index.ts'
import { storeImportedReferences } from './imported-references.ts'
import { isCountedSubject, type SubjectMatch } from './shared/subject-match.ts'

/**
 * A FHIR file's appointments and other records (DocumentReferences) become
 * the patient's own, so they wait for 'Is this you?' as its values do: a
 * file that names someone else keeps them in its details (`heldImport`)
 * until the patient answers 'This is me' (then they are made), and never
 * makes them while the answer is 'Someone else'.
 */

export type HeldImport = { references: StructuredDocumentReference[]; appointments: StructuredAppointment[] }

type Source = { id: string; ownerId: string; organizationId: string }

/** The import lock's first key ('CBKI'): one import at a time per patient (process-document.ts takes the same). */
export const IMPORT_LOCK_CLASS = 0x43424b49

async function storeImport(tx: TenantTransaction, storage: FileStorage, source: Source, entries: HeldImport) {
	const references = await storeImportedReferences(
		tx,
		storage,
		{ organizationId: source.organizationId, documentId: source.id, ownerId: source.ownerId },
		entries.references,
	)
	await storeImportedAppointments(tx, { organizationId: source.organizationId, userId: source.ownerId }, entries.appointments)
	return references
}

/** Inside the processing transaction: made now when the record is the patient's, else held in its details. */
export async function storeOrHoldImport(
	tx: TenantTransaction,
	storage: FileStorage,
	source: Source,
	subjectMatch: SubjectMatch,
	entries: HeldImport,
): Promise<{ overUploadLimit: number; held: { heldImport?: HeldImport } }> {
	if (entries.references.length === 0 && entries.appointments.length === 0) return { overUploadLimit: 0, held: {} }
	if (!isCountedSubject(subjectMatch)) return { overUploadLimit: 0, held: { heldImport: entries } }
	const { overUploadLimit } = await storeImport(tx, storage, source, entries)
	return { overUploadLimit, held: {} }
}

/** The summary with the records its references could not make past the upload limit counted ('What was not imported'). */
export function withUploadLimitCount(structured: StructuredSummary, overUploadLimit: number): StructuredSummary {
	if (overUploadLimit <= 0) return structured
	return { ...structured, overCap: [...(structured.overCap ?? []), { kind: 'documents', count: overUploadLimit, cap: 0, reason: 'upload_limit' }] }
}

/** 'This is me' on a record that held its import: the appointments and records are made now, and the record holds them no more. */
export async function releaseHeldImport(tx: TenantTransaction, storage: FileStorage, source: Source): Promise<void> {
	const [row] = await tx.select({ details: documents.details }).from(documents).where(eq(documents.id, source.id))
	const details = (row?.details ?? null) as { heldImport?: HeldImport; structured?: StructuredSummary } | null
	if (!details?.heldImport) return
	await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_CLASS}::int, hashtext(${source.ownerId}))`)
	const { overUploadLimit } = await storeImport(tx, storage, source, details.heldImport)
	const { heldImport: _released, ...rest } = details
	await tx
		.update(documents)
		.set({ details: rest.structured ? { ...rest, structured: withUploadLimitCount(rest.structured, overUploadLimit) } : rest })
		.where(eq(documents.id, source.id))
}
