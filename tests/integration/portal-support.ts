import { and, eq, inArray } from 'drizzle-orm'
import { documents } from '#db/schema/tenant.ts'
import { createSession, patientOf, registerPatient, validateSessionToken } from '#server/auth/index.ts'
import type { PatientContext } from '#server/auth/patient.ts'
import type { SignedInPatient } from '#server/auth/patient.ts'
import { inProcessExtractor, processDocument } from '#server/documents/index.ts'
import { completePortalSignIn, startPortalSignIn, type ConnectInput } from '#server/portals/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { signInAtTestPortal } from '../support/portal-server.ts'

export const REDIRECT_URI = 'http://localhost:3000/connections/callback'

/** A patient with a session (the sign-in at a portal is bound to it). */
export async function signedInPatient(name = 'Clint Champlin'): Promise<SignedInPatient> {
	const email = `portal-${Math.random().toString(36).slice(2)}@example.test`
	const created = await registerPatient({ name, email, password: 'Correct-horse-9' })
	const { token } = await createSession({ userId: created.user.id, kind: 'patient', organizationId: created.organization.id })
	const session = await validateSessionToken(token, 'patient')
	return patientOf(session as PatientContext, '127.0.0.1')
}

/** Connect through the portal's real sign-in and consent pages; answers the connection. */
export async function connectAtTestPortal(patient: SignedInPatient, input: ConnectInput, login = 'clint') {
	const started = await startPortalSignIn(patient, input, REDIRECT_URI)
	if (!started.ok) throw new Error(`Connect refused: ${started.code}`)
	const callback = await signInAtTestPortal(started.authorizationUrl, login)
	const completed = await completePortalSignIn(patient, new URL(callback))
	if (!completed.ok) throw new Error(`Callback refused: ${completed.code}`)
	return completed
}

/** Reads every queued document of the patient in this process (what the worker does). */
export async function processQueuedDocuments(patient: { userId: string; organizationId: string }) {
	for (;;) {
		const queued = await withTenant(patient.organizationId, (tx) =>
			tx
				.select({ id: documents.id })
				.from(documents)
				.where(and(eq(documents.ownerId, patient.userId), inArray(documents.status, ['queued']))),
		)
		if (queued.length === 0) return
		for (const { id } of queued) await processDocument({ organizationId: patient.organizationId, documentId: id }, { extract: inProcessExtractor() })
	}
}
