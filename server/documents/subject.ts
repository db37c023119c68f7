import { and, desc, eq, inArray } from 'drizzle-orm'
import { users } from '#db/schema/platform.ts'
import { documents } from '#db/schema/tenant.ts'
import { recordAudit } from '#server/audit/index.ts'
import type { ExtractionResult } from '#server/extraction/index.ts'
import { findPrintedPatient } from '#server/extraction/index.ts'
import { selectHealthProfile } from '#server/health/index.ts'
import { withTenant, type TenantTransaction } from '#server/tenancy/index.ts'
import { getFileStorage } from '#server/storage/index.ts'
import { releaseHeldImport } from './held-import.ts'
import { refuse, succeed, type Result } from '#server/errors/shared/result.ts'
import { isUuid, type Patient } from './queries.ts'
import { DOCUMENT_MESSAGES } from './shared/messages.ts'
import { matchSubject, nextSubjectMatch, type PrintedPatient, type SubjectMatch } from './shared/subject-match.ts'

/**
 * Whose record a document is (shared/subject-match.ts): set when it is read,
 * answered by the patient on its page ('This is me' / 'Someone else').
 */

/** The patient a read document names: a C-CDA's or FHIR file's patient, a DICOM file's tags, else the name in its text. */
export function printedPatientOf(result: Pick<ExtractionResult, 'structured' | 'taggedPatient' | 'text'>): PrintedPatient {
	if (result.structured) {
		const { name, birthDate, several } = result.structured.patient
		return several ? { name, birthDate, several } : { name, birthDate }
	}
	if (result.taggedPatient) return result.taggedPatient
	return findPrintedPatient(result.text ?? '')
}

/** The state a document read for `owner` starts in, inside the processing transaction (an answer already given stays). */
export async function settleSubjectMatch(tx: TenantTransaction, owner: Patient, document: { id: string }, printed: PrintedPatient): Promise<SubjectMatch> {
	const [current] = await tx.select({ subjectMatch: documents.subjectMatch }).from(documents).where(eq(documents.id, document.id))
	const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, owner.userId))
	const profile = await selectHealthProfile(tx, owner)
	return nextSubjectMatch(current?.subjectMatch ?? 'unknown', matchSubject(printed, { name: user?.name ?? null, dateOfBirth: profile.dateOfBirth }))
}

export type SubjectAnswer = 'confirmed_self' | 'someone_else'

/**
 * The patient's answer to 'Is this you?' (or a change of it later): its
 * values count from now on ('This is me') or never ('Someone else'). Not
 * the patient's document: 'not-found', as for an unknown id. Audited.
 */
export async function answerDocumentSubject(
	patient: Patient,
	documentId: string,
	answer: SubjectAnswer,
): Promise<Result<{ subjectMatch: SubjectAnswer }, 'not-found'>> {
	if (!isUuid(documentId)) return refuse('not-found', 'not-found', DOCUMENT_MESSAGES.notFoundText)
	return withTenant(patient.organizationId, async (tx) => {
		const [updated] = await tx
			.update(documents)
			.set({ subjectMatch: answer })
			.where(
				and(
					eq(documents.id, documentId),
					eq(documents.ownerId, patient.userId),
					inArray(documents.subjectMatch, ['mismatch', 'confirmed_self', 'someone_else']),
				),
			)
			.returning({ id: documents.id })
		if (!updated) return refuse('not-found', 'not-found', DOCUMENT_MESSAGES.notFoundText)
		// appointments and other records the file held back until now
		if (answer === 'confirmed_self')
			await releaseHeldImport(tx, getFileStorage(), { id: documentId, ownerId: patient.userId, organizationId: patient.organizationId })
		await recordAudit({ action: 'document.subject', actor: patient, target: { type: 'document', id: documentId }, details: { answer } }, tx)
		return succeed({ subjectMatch: answer })
	})
}

/**
 * The patient's answer to 'Is this you?' on any of these documents (the earlier records of one
 * portal connection, all about the same portal patient), or null when none was answered.
 */
export async function subjectAnswerAmong(owner: Patient, documentIds: string[]): Promise<SubjectAnswer | null> {
	const ids = documentIds.filter(isUuid)
	if (ids.length === 0) return null
	const [row] = await withTenant(owner.organizationId, (tx) =>
		tx
			.select({ subjectMatch: documents.subjectMatch })
			.from(documents)
			.where(and(eq(documents.ownerId, owner.userId), inArray(documents.id, ids), inArray(documents.subjectMatch, ['confirmed_self', 'someone_else'])))
			.orderBy(desc(documents.uploadedAt))
			.limit(1),
	)
	return (row?.subjectMatch as SubjectAnswer | undefined) ?? null
}

/**
 * A new record from the same source takes the answer the patient gave on its earlier ones
 * (a portal sync's next records), before it is read: processing keeps an answer given. Audited.
 */
export async function carrySubjectAnswer(owner: Patient, documentId: string, answer: SubjectAnswer): Promise<void> {
	await withTenant(owner.organizationId, async (tx) => {
		const [updated] = await tx
			.update(documents)
			.set({ subjectMatch: answer })
			.where(and(eq(documents.id, documentId), eq(documents.ownerId, owner.userId), eq(documents.subjectMatch, 'unknown')))
			.returning({ id: documents.id })
		if (updated)
			await recordAudit({ action: 'document.subject', actor: owner, target: { type: 'document', id: documentId }, details: { answer, carried: true } }, tx)
	})
}
