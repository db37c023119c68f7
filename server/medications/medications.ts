/**
 * The tenant `medications` table's owner (docs/decisions/011-table-ownership.md
 * once it lands): the patient's list and detail, add, edit and stop; and the
 * document pipeline's replace and remove of what a document lists. Every
 * patient query names the owner; "not yours" and "does not exist" are the
 * same null.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { documents, medications } from '#db/schema/tenant.ts'
import type { Patient } from '#server/auth/patient.ts'
import { recordAudit } from '#server/audit/index.ts'
import { withTenant, type TenantTransaction } from '#server/tenancy/index.ts'
import type { MedicationFormValue } from './shared/medication.ts'

const summaryColumns = {
	id: medications.id,
	name: medications.name,
	dose: medications.dose,
	frequency: medications.frequency,
	status: medications.status,
	startDate: medications.startDate,
	stoppedOn: medications.stoppedOn,
	documentId: medications.documentId,
	createdAt: medications.createdAt,
}

function isOwn(patient: Patient, medicationId: string) {
	return and(eq(medications.ownerId, patient.userId), eq(medications.id, medicationId))
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The patient's medications: active first, then by start date (newest first), then name. */
export async function listMedications(patient: Patient) {
	return withTenant(patient.organizationId, (tx) =>
		tx
			.select({ ...summaryColumns, documentTitle: documents.title })
			.from(medications)
			.leftJoin(documents, eq(documents.id, medications.documentId))
			.where(eq(medications.ownerId, patient.userId))
			.orderBy(
				sql`${medications.status} = 'active' desc`,
				sql`coalesce(${medications.startDate}, (${medications.createdAt} at time zone 'UTC')::date) desc`,
				asc(medications.name),
			),
	)
}

export type MedicationSummary = Awaited<ReturnType<typeof listMedications>>[number]

/** One of the patient's medications with the document it came from (its title), or null; the view is audited. */
export async function getMedication(patient: Patient, medicationId: string) {
	if (!UUID.test(medicationId)) return null
	return withTenant(patient.organizationId, async (tx) => {
		const [row] = await tx
			.select({ ...summaryColumns, text: medications.text, updatedAt: medications.updatedAt, documentTitle: documents.title })
			.from(medications)
			.leftJoin(documents, eq(documents.id, medications.documentId))
			.where(isOwn(patient, medicationId))
		if (row) await recordAudit({ action: 'medication.view', actor: patient, target: { type: 'medication', id: row.id } }, tx)
		return row ?? null
	})
}

export type MedicationDetail = NonNullable<Awaited<ReturnType<typeof getMedication>>>

/** Adds a medication the patient entered (active). */
export async function createMedication(patient: Patient, value: MedicationFormValue): Promise<{ id: string }> {
	return withTenant(patient.organizationId, async (tx) => {
		const [row] = await tx
			.insert(medications)
			.values({ ownerId: patient.userId, name: value.name, dose: value.dose, frequency: value.frequency, startDate: value.startDate, text: value.name })
			.returning({ id: medications.id })
		await recordAudit({ action: 'medication.create', actor: patient, target: { type: 'medication', id: row!.id } }, tx)
		return row!
	})
}

/** Changes name, dose, frequency and start date; false when it is not the patient's. */
export async function updateMedication(patient: Patient, medicationId: string, value: MedicationFormValue): Promise<boolean> {
	if (!UUID.test(medicationId)) return false
	return withTenant(patient.organizationId, async (tx) => {
		const changed = await tx
			.update(medications)
			.set({ name: value.name, dose: value.dose, frequency: value.frequency, startDate: value.startDate, updatedAt: new Date() })
			.where(isOwn(patient, medicationId))
			.returning({ id: medications.id })
		if (changed.length) await recordAudit({ action: 'medication.update', actor: patient, target: { type: 'medication', id: medicationId } }, tx)
		return changed.length > 0
	})
}

/** Stops an active medication on `stoppedOn` ('YYYY-MM-DD'); false when it is not the patient's. Stopping twice keeps the first date. */
export async function stopMedication(patient: Patient, medicationId: string, stoppedOn: string): Promise<boolean> {
	if (!UUID.test(medicationId)) return false
	return withTenant(patient.organizationId, async (tx) => {
		const [row] = await tx.select({ status: medications.status }).from(medications).where(isOwn(patient, medicationId)).for('update')
		if (!row) return false
		if (row.status === 'active') {
			await tx
				.update(medications)
				.set({ status: 'discontinued', stoppedOn, updatedAt: new Date() })
				.where(isOwn(patient, medicationId))
			await recordAudit({ action: 'medication.stop', actor: patient, target: { type: 'medication', id: medicationId } }, tx)
		}
		return true
	})
}

export type ExtractedMedication = { name: string; dose: string | null; frequency: string | null; status: 'active' | 'discontinued'; text: string }

/** The document pipeline: what a document lists replaces what it listed before (processing twice stores once). */
export async function replaceDocumentMedications(
	tx: TenantTransaction,
	document: { id: string; ownerId: string },
	extracted: ExtractedMedication[],
): Promise<void> {
	await removeDocumentMedications(tx, document.id)
	if (!extracted.length) return
	await tx.insert(medications).values(
		extracted.map((medication, position) => ({
			ownerId: document.ownerId,
			documentId: document.id,
			name: medication.name,
			dose: medication.dose,
			frequency: medication.frequency,
			status: medication.status,
			text: medication.text,
			position,
		})),
	)
}

/** The document pipeline: a failed document lists nothing. */
export async function removeDocumentMedications(tx: TenantTransaction, documentId: string): Promise<void> {
	await tx.delete(medications).where(eq(medications.documentId, documentId))
}

/** A document's medications in their order (the record's detail page). */
export async function listDocumentMedications(tx: TenantTransaction, ownerId: string, documentId: string) {
	return tx
		.select({ id: medications.id, name: medications.name, dose: medications.dose, frequency: medications.frequency, status: medications.status, text: medications.text })
		.from(medications)
		.where(and(eq(medications.ownerId, ownerId), eq(medications.documentId, documentId)))
		.orderBy(asc(medications.position), desc(medications.createdAt))
}
