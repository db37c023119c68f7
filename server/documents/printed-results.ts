import { and, eq } from 'drizzle-orm'
import { documents } from '#db/schema/tenant.ts'
import { recordAudit } from '#server/audit/index.ts'
import type { Patient } from '#server/auth/patient.ts'
import { refuse, type Result } from '#server/errors/shared/result.ts'
import { applyPrintedResultChange, PRINTED_RESULT_TEXTS, type PrintedResultChange, type PrintedResultCode } from '#server/health/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { isUuid } from './queries.ts'

/**
 * The patient says which test a row printed under an unknown name is, or undoes it (issue 38
 * point 3), as every other value review (reviewDocumentValue): the document must be the
 * patient's (another patient's, another organization's or an unknown id: not found, nothing
 * changes); the change itself is health's (decision 011); the audit entry names the row and the
 * document by id, never the name, value or analyte.
 */
export async function reviewPrintedResult(
	patient: Patient,
	documentId: string,
	change: PrintedResultChange,
): Promise<Result<{ printedResultId: string }, PrintedResultCode, 'code'>> {
	const notFound = refuse('not-found', 'not-found', PRINTED_RESULT_TEXTS.notFound)
	if (!isUuid(documentId)) return notFound
	return withTenant(patient.organizationId, async (tx) => {
		const [document] = await tx
			.select({ id: documents.id })
			.from(documents)
			.where(and(eq(documents.id, documentId), eq(documents.ownerId, patient.userId)))
		if (!document) return notFound
		const outcome = await applyPrintedResultChange(tx, patient, document.id, change)
		if (!outcome.ok) return outcome
		await recordAudit(
			{ action: outcome.action, actor: patient, target: { type: 'printed_result', id: outcome.printedResultId }, details: { documentId: document.id } },
			tx,
		)
		return { ok: true, printedResultId: outcome.printedResultId }
	})
}
