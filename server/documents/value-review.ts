import { and, eq } from 'drizzle-orm'
import { documents } from '#db/schema/tenant.ts'
import { recordAudit } from '#server/audit/index.ts'
import type { Patient } from '#server/auth/patient.ts'
import { refuse, type Result } from '#server/errors/shared/result.ts'
import { applyValueReview, VALUE_REVIEW_TEXTS, type ValueReview, type ValueReviewCode, type ValueReviewOutcome } from '#server/health/index.ts'
import type { SingleValueReview } from '#server/health/shared/value-review.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { isUuid } from './queries.ts'

/**
 * The patient confirms, corrects, removes or adds a lab value on one of
 * their documents (issue 27 point 4). The document must be the patient's
 * (another patient's or an unknown id: not found, nothing changes); the
 * change itself is health's (decision 011); the audit entry names the value
 * and the document by id, never the value.
 */
export async function reviewDocumentValue(
	patient: Patient,
	documentId: string,
	review: ValueReview,
): Promise<Result<{ parameterId: string }, ValueReviewCode, 'range' | 'code'>> {
	const notFound = refuse('not-found', 'not-found', VALUE_REVIEW_TEXTS.notFound)
	if (!isUuid(documentId)) return notFound
	return withTenant(patient.organizationId, async (tx) => {
		const [document] = await tx
			.select({ id: documents.id, documentDate: documents.documentDate, uploadedAt: documents.uploadedAt })
			.from(documents)
			.where(and(eq(documents.id, documentId), eq(documents.ownerId, patient.userId)))
		if (!document) return notFound
		// a value the patient adds is dated as the document (its upload day when no date was found)
		const testDate = document.documentDate ?? document.uploadedAt.toISOString().slice(0, 10)
		// 'Confirm all that look right': each ticked value confirmed (and audited) as by its own button
		const changes: SingleValueReview[] =
			review.intent === 'confirm-values' ? review.parameterIds.map((parameterId) => ({ intent: 'confirm-value', parameterId })) : [review]
		let last: string | null = null
		for (const change of changes) {
			const outcome = await applyValueReview(tx, patient, { id: document.id, testDate }, change)
			// one value not on the document: nothing of the request is kept
			if (!outcome.ok) throw new ValueReviewRefused(outcome)
			await recordAudit(
				{ action: outcome.action, actor: patient, target: { type: 'health_parameter', id: outcome.parameterId }, details: { documentId: document.id } },
				tx,
			)
			last = outcome.parameterId
		}
		return { ok: true as const, parameterId: last! }
	}).catch((error: unknown) => {
		if (error instanceof ValueReviewRefused) return error.outcome
		throw error
	})
}

/** Rolls the transaction back with the refusal it carries. */
class ValueReviewRefused extends Error {
	constructor(readonly outcome: Extract<ValueReviewOutcome, { ok: false }>) {
		super('value review refused')
	}
}
