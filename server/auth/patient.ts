import type { SessionUser, ValidSession } from './sessions.ts'

/** The domain's view of a signed-in patient: who, in which organization, from where. */
export type Patient = { userId: string; organizationId: string; ipAddress?: string | null }

/** A valid patient session: a patient user with an organization. */
export type PatientContext = ValidSession & { organizationId: string }

/** What a patient guard gives a route: the domain's Patient and the signed-in user (name, time zone). */
export type SignedInPatient = Patient & { ipAddress: string | null; user: SessionUser; sessionId: string }

/** The patient of a session, with the address the request came from. */
export function patientOf(session: PatientContext, ipAddress?: string | null): SignedInPatient {
	return { userId: session.user.id, organizationId: session.organizationId, ipAddress: ipAddress ?? null, user: session.user, sessionId: session.id }
}
