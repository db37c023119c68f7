import type { PatientContext } from './guards.ts'

/** The domain's view of a signed-in patient: who, in which organization, from where. */
export function patientOf(session: PatientContext, ipAddress?: string | null) {
	return { userId: session.user.id, organizationId: session.organizationId, ipAddress: ipAddress ?? null }
}
