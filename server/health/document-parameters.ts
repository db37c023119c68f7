import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import { healthParameters } from '#db/schema/tenant.ts'
import type { Patient } from '#server/auth/patient.ts'
import { inChunks, selectHeldEntryKeys, type TenantTransaction } from '#server/tenancy/index.ts'
import type { ExtractedParameter } from '#server/extraction/types.ts'
import type { LocalDate } from '#server/health/shared/types.ts'
import { countedParameterCondition } from './counted-values.ts'

/**
 * The health parameters that come from documents, for the documents module
 * (docs/decisions/011-table-ownership.md): health owns health_parameters, and
 * document processing, the record view and Compare Records call these
 * functions, inside their own tenant transaction, instead of writing or
 * reading the table themselves.
 */

/** A lab value read from a document (its test date settled: the document's date when the value had none). */
export type DocumentParameterValue = Omit<ExtractedParameter, 'testDate'> & { testDate: LocalDate }

/**
 * Replaces the document's parameters with `values` (a processing run, or a
 * second run of it, stores them once). A value with entry keys (a C-CDA or
 * FHIR entry) that one of the patient's other records already holds is not
 * stored again: a newer CCD repeating old results, or the same bundle
 * exported again with new ids, adds no second trend point. The caller holds
 * the owner's import lock, so two files processed at once cannot both store it.
 * Returns how many values were left out that way.
 */
export async function replaceDocumentParameters(
	tx: TenantTransaction,
	document: { id: string; ownerId: string },
	values: DocumentParameterValue[],
): Promise<{ alreadyHeld: number }> {
	await removeDocumentParameters(tx, document.id)
	const held = await selectHeldEntryKeys(
		tx,
		healthParameters,
		document.ownerId,
		values.flatMap((value) => value.entryKeys ?? []),
	)
	const fresh = values.filter((value) => !value.entryKeys?.some((key) => held.has(key)))
	const alreadyHeld = values.length - fresh.length
	values = fresh
	if (values.length === 0) return { alreadyHeld }
	const rows = values.map((value, position) => ({
		ownerId: document.ownerId,
		documentId: document.id,
		source: 'document' as const,
		code: value.code,
		loinc: value.loinc,
		name: value.name,
		value: value.value,
		valueText: value.valueText,
		unit: value.unit,
		ucumUnit: value.ucumUnit,
		referenceRangeMin: value.referenceRangeMin,
		referenceRangeMax: value.referenceRangeMax,
		referenceRangeText: value.referenceRangeText,
		status: value.status,
		testDate: value.testDate,
		entryKeys: value.entryKeys ?? null,
		// a value whose name, value, unit and range disagree waits for the patient (counted-values.ts)
		reviewStatus: value.toCheck ? ('to_check' as const) : ('accepted' as const),
		reviewCode: value.toCheck?.code ?? null,
		reviewReason: value.toCheck?.reason ?? null,
		// another printed row of a code the document holds more than once: shown on its page, not counted
		alternate: value.alternate ?? false,
		position,
	}))
	for (const chunk of inChunks(rows)) await tx.insert(healthParameters).values(chunk)
	return { alreadyHeld }
}

/** Removes what a document's processing stored (it failed, or is processed again). */
export async function removeDocumentParameters(tx: TenantTransaction, documentId: string): Promise<void> {
	await tx.delete(healthParameters).where(eq(healthParameters.documentId, documentId))
}

/** A document's parameters in its order (the caller has checked the document is the patient's). */
export function selectDocumentParameters(tx: TenantTransaction, documentId: string) {
	return tx.select().from(healthParameters).where(eq(healthParameters.documentId, documentId)).orderBy(asc(healthParameters.position))
}

/** Test dates on which the patient has lab values, newest first. */
export async function selectTestDates(tx: TenantTransaction, patient: Patient): Promise<LocalDate[]> {
	const rows = await tx
		.selectDistinct({ testDate: healthParameters.testDate })
		.from(healthParameters)
		.where(and(eq(healthParameters.ownerId, patient.userId), countedParameterCondition()))
		.orderBy(desc(healthParameters.testDate))
	return rows.map((row) => row.testDate)
}

/** The patient's parameters dated on any of `dates`, by document and the document's order (Compare Records). */
export function selectParametersOnDates(tx: TenantTransaction, patient: Patient, dates: LocalDate[]) {
	return tx
		.select({
			testDate: healthParameters.testDate,
			code: healthParameters.code,
			loinc: healthParameters.loinc,
			name: healthParameters.name,
			value: healthParameters.value,
			valueText: healthParameters.valueText,
			unit: healthParameters.unit,
			ucumUnit: healthParameters.ucumUnit,
			referenceRangeMin: healthParameters.referenceRangeMin,
			referenceRangeMax: healthParameters.referenceRangeMax,
			referenceRangeText: healthParameters.referenceRangeText,
			status: healthParameters.status,
			documentId: healthParameters.documentId,
		})
		.from(healthParameters)
		.where(and(eq(healthParameters.ownerId, patient.userId), countedParameterCondition(), inArray(healthParameters.testDate, dates)))
		.orderBy(asc(healthParameters.documentId), asc(healthParameters.position))
}

/**
 * The document's values dated `from` (the upload day processing gave them when the printed date
 * read two ways) take the date the patient chose, `to` (documents/date-choice.ts).
 */
export async function redateDocumentParameters(
	tx: TenantTransaction,
	owner: Pick<Patient, 'userId'>,
	documentId: string,
	from: LocalDate,
	to: LocalDate,
): Promise<void> {
	await tx
		.update(healthParameters)
		.set({ testDate: to })
		.where(and(eq(healthParameters.documentId, documentId), eq(healthParameters.ownerId, owner.userId), eq(healthParameters.testDate, from)))
}
