/**
 * The patient's own medications (the pages /medications and
 * /medications/{id}): list and detail, add, edit and stop. Every query names
 * the owner; "not yours" and "does not exist" are the same null. What a
 * document lists is stored by medication-store.ts.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { medications } from '#db/schema/tenant.ts'
import type { Patient } from '#server/auth/patient.ts'
import { recordAudit } from '#server/audit/index.ts'
import { countedDocumentCondition, selectDocumentTitles } from '#server/documents/store/index.ts'
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

/**
 * Medications that are the patient's own: added by hand, or listed by a
 * document that counts as theirs. A record answered 'Someone else', or one
 * that still asks 'Is this you?', keeps its medications on its own page, as
 * its values (server/documents/store/counted-documents.ts).
 */
function isCounted() {
	return countedDocumentCondition(sql`${medications.documentId}`)
}

/** The patient's medications: active first, then by start date (newest first), then name. */
export async function listMedications(patient: Patient) {
	return withTenant(patient.organizationId, async (tx) => {
		const rows = await tx
			.select(summaryColumns)
			.from(medications)
			.where(and(eq(medications.ownerId, patient.userId), isCounted()))
			.orderBy(
				sql`${medications.status} = 'active' desc`,
				sql`coalesce(${medications.startDate}, (${medications.createdAt} at time zone 'UTC')::date) desc`,
				asc(medications.name),
			)
		return withDocumentTitles(tx, patient, rows)
	})
}

/** Each row with the title of the document it came from (null when added by hand). */
async function withDocumentTitles<Row extends { documentId: string | null }>(tx: TenantTransaction, patient: Patient, rows: Row[]) {
	const documentIds = [...new Set(rows.flatMap((row) => (row.documentId ? [row.documentId] : [])))]
	const titles = await selectDocumentTitles(tx, patient, documentIds)
	return rows.map((row) => ({ ...row, documentTitle: row.documentId ? (titles.get(row.documentId) ?? null) : null }))
}

export type MedicationSummary = Awaited<ReturnType<typeof listMedications>>[number]

/** One of the patient's medications with the document it came from (its title), or null; the view is audited. */
export async function getMedication(patient: Patient, medicationId: string) {
	if (!UUID.test(medicationId)) return null
	return withTenant(patient.organizationId, async (tx) => {
		const found = await tx
			.select({ ...summaryColumns, text: medications.text, updatedAt: medications.updatedAt, isCounted: sql<boolean>`${isCounted()}` })
			.from(medications)
			.where(isOwn(patient, medicationId))
		const [row] = await withDocumentTitles(tx, patient, found)
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
			await tx.update(medications).set({ status: 'discontinued', stoppedOn, updatedAt: new Date() }).where(isOwn(patient, medicationId))
			await recordAudit({ action: 'medication.stop', actor: patient, target: { type: 'medication', id: medicationId } }, tx)
		}
		return true
	})
}

/** Global search's medications (server/search): name, dose and frequency matching the tsquery text, best rank first. */
export function searchMedicationRows(tx: TenantTransaction, patient: Patient, tsQuery: string, limit: number) {
	const query = sql`to_tsquery('english', ${tsQuery})`
	return tx
		.select({
			id: medications.id,
			name: medications.name,
			dose: medications.dose,
			frequency: medications.frequency,
			date: sql<string>`coalesce(${medications.startDate}, (${medications.createdAt} at time zone 'UTC')::date)::text`,
		})
		.from(medications)
		.where(and(eq(medications.ownerId, patient.userId), isCounted(), sql`${medications.searchVector} @@ ${query}`))
		.orderBy(desc(sql`ts_rank(${medications.searchVector}, ${query})`), desc(medications.createdAt))
		.limit(limit)
}
