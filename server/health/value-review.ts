import { and, eq, max, ne } from 'drizzle-orm'
import { healthParameters } from '#db/schema/tenant.ts'
import type { Patient } from '#server/auth/patient.ts'
import { findAnalyteByCode, gradeParameter, parseReferenceRange, toUcum, type ReferenceRange } from '#server/lab-vocabulary/index.ts'
import { refuse, succeed, type Result } from '#server/errors/shared/result.ts'
import type { TenantTransaction } from '#server/tenancy/index.ts'
import { numberOfValueText, VALUE_REVIEW_TEXTS, type ValueReview } from '#server/health/shared/value-review.ts'
import type { LocalDate } from '#server/health/shared/types.ts'

/**
 * The patient's review of a document's lab values (issue 27 point 4), on
 * the health_parameters rows health owns (decision 011). The documents
 * module checks the document is the patient's and calls this inside its
 * transaction. A correction keeps the reading as extracted (original_*
 * columns); a removed row stays, marked, and never counts
 * (counted-values.ts). Values and names never reach the audit details.
 */

export type ValueReviewCode = 'not-found' | 'invalid-range' | 'unknown-code'
export type ValueReviewOutcome = Result<{ parameterId: string; action: string }, ValueReviewCode, 'range' | 'code'>

function rangeOf(text: string | undefined): ReferenceRange | null | 'invalid' {
	if (!text) return null
	return parseReferenceRange(text) ?? 'invalid'
}

/** Graded by the one rule (server/extraction/parameter-status.ts): a value typed without a range is not graded unless a guideline grades it. */
function statusOf(code: string, value: number, unit: string | null, range: ReferenceRange | null) {
	return gradeParameter({ code, value, unit, min: range?.min ?? null, max: range?.max ?? null })
}

/** The stored columns of a value the patient typed (added or corrected): value, unit, range and the status they give. */
function typedMeasurement(code: string, typed: { value: string; unit?: string }, range: ReferenceRange | null) {
	const unit = typed.unit || null
	const value = numberOfValueText(typed.value)
	return {
		value,
		valueText: typed.value,
		unit,
		ucumUnit: toUcum(unit),
		referenceRangeMin: range?.min ?? null,
		referenceRangeMax: range?.max ?? null,
		referenceRangeText: range?.text ?? null,
		status: statusOf(code, value, unit, range),
	}
}

export async function applyValueReview(
	tx: TenantTransaction,
	patient: Patient,
	document: { id: string; testDate: LocalDate },
	review: ValueReview,
): Promise<ValueReviewOutcome> {
	const notFound = refuse('not-found', 'not-found', VALUE_REVIEW_TEXTS.notFound)
	const now = new Date()
	if (review.intent === 'add-value') {
		const analyte = findAnalyteByCode(review.code)
		if (!analyte) return refuse('invalid', 'unknown-code', VALUE_REVIEW_TEXTS.codeUnknown, 'code')
		const range = rangeOf(review.range)
		if (range === 'invalid') return refuse('invalid', 'invalid-range', VALUE_REVIEW_TEXTS.rangeInvalid, 'range')
		const [last] = await tx
			.select({ position: max(healthParameters.position) })
			.from(healthParameters)
			.where(eq(healthParameters.documentId, document.id))
		const [added] = await tx
			.insert(healthParameters)
			.values({
				ownerId: patient.userId,
				documentId: document.id,
				source: 'document',
				code: analyte.code,
				loinc: analyte.loinc,
				name: analyte.name,
				...typedMeasurement(analyte.code, review, range),
				testDate: document.testDate,
				position: (last?.position ?? -1) + 1,
				reviewStatus: 'added',
				reviewedAt: now,
			})
			.returning({ id: healthParameters.id })
		return succeed({ parameterId: added.id, action: 'health.value.add' })
	}

	const mine = and(
		eq(healthParameters.id, review.parameterId),
		eq(healthParameters.ownerId, patient.userId),
		eq(healthParameters.documentId, document.id),
		ne(healthParameters.reviewStatus, 'removed'),
	)
	const [row] = await tx.select().from(healthParameters).where(mine).for('update')
	if (!row) return notFound

	switch (review.intent) {
		case 'confirm-value': {
			// confirming a value that already counts changes nothing
			if (row.reviewStatus !== 'to_check') return succeed({ parameterId: row.id, action: 'health.value.confirm' })
			await tx.update(healthParameters).set({ reviewStatus: 'confirmed', reviewedAt: now }).where(mine)
			return succeed({ parameterId: row.id, action: 'health.value.confirm' })
		}
		case 'remove-value': {
			await tx.update(healthParameters).set({ reviewStatus: 'removed', reviewedAt: now }).where(mine)
			return succeed({ parameterId: row.id, action: 'health.value.remove' })
		}
		case 'correct-value': {
			const range = rangeOf(review.range)
			if (range === 'invalid') return refuse('invalid', 'invalid-range', VALUE_REVIEW_TEXTS.rangeInvalid, 'range')
			// the first reading stays the original, however often the patient corrects it; a row the patient added has none
			const hasOriginal = row.reviewStatus === 'corrected' || row.reviewStatus === 'added'
			await tx
				.update(healthParameters)
				.set({
					...typedMeasurement(row.code, review, range),
					reviewStatus: row.reviewStatus === 'added' ? 'added' : 'corrected',
					...(hasOriginal
						? {}
						: { originalValueText: row.valueText, originalUnit: row.unit, originalReferenceRangeText: row.referenceRangeText ?? rangeTextOf(row) }),
					reviewedAt: now,
				})
				.where(mine)
			return succeed({ parameterId: row.id, action: 'health.value.correct' })
		}
	}
}

function rangeTextOf(row: { referenceRangeMin: number | null; referenceRangeMax: number | null }): string | null {
	const { referenceRangeMin: min, referenceRangeMax: max } = row
	if (min !== null && max !== null) return `${min} - ${max}`
	if (min !== null) return `> ${min}`
	if (max !== null) return `< ${max}`
	return null
}
