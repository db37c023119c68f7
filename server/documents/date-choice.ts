import { and, eq } from 'drizzle-orm'
import { documents } from '#db/schema/tenant.ts'
import { recordAudit } from '#server/audit/index.ts'
import { refuse, succeed, type Result } from '#server/errors/shared/result.ts'
import { redateDocumentParameters } from '#server/health/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { isUuid, type Patient } from './queries.ts'
import { DATE_CHOICE_TEXTS, DOCUMENT_MESSAGES } from './shared/messages.ts'

/**
 * The patient's answer to 'Which date is this record from?' (a printed date whose day and month
 * read both ways; documents.date_choices holds the two readings). The record takes the chosen
 * date, and its values that carried the upload day in its place take it too. Only one of the
 * two readings is taken ('invalid' otherwise); not the patient's document, or no question open:
 * 'not-found'. Audited.
 */
export async function chooseDocumentDate(patient: Patient, documentId: string, date: string): Promise<Result<{ date: string }, 'not-found' | 'not-offered'>> {
	if (!isUuid(documentId)) return refuse('not-found', 'not-found', DOCUMENT_MESSAGES.notFoundText)
	return withTenant(patient.organizationId, async (tx) => {
		const [document] = await tx
			.select({ dateChoices: documents.dateChoices, uploadedAt: documents.uploadedAt })
			.from(documents)
			.where(and(eq(documents.id, documentId), eq(documents.ownerId, patient.userId)))
			.for('update')
		if (!document) return refuse('not-found', 'not-found', DOCUMENT_MESSAGES.notFoundText)
		// no question open (answered already), or a date it did not offer
		if (!document.dateChoices?.includes(date)) return refuse('invalid', 'not-offered', DATE_CHOICE_TEXTS.notOffered, 'date')
		await tx.update(documents).set({ documentDate: date, dateChoices: null }).where(eq(documents.id, documentId))
		// the values processing dated by the upload day (process-document.ts testDateFallback)
		await redateDocumentParameters(tx, patient, documentId, document.uploadedAt.toISOString().slice(0, 10), date)
		await recordAudit({ action: 'document.date_chosen', actor: patient, target: { type: 'document', id: documentId } }, tx)
		return succeed({ date })
	})
}
