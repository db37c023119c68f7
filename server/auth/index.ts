export { hashPassword, verifyPassword } from './password.ts'
export {
	createSession,
	validateSessionToken,
	invalidateSession,
	invalidateUserSessions,
	deleteExpiredSessions,
	type SessionKind,
	type SessionUser,
	type ValidSession,
} from './sessions.ts'
export { authenticate, type LoginResult } from './login.ts'
export { registerPatient, signUpPatient, EmailTakenError } from './register.ts'
export { sessionIdFromToken } from './session-token.ts'
export { SESSION_COOKIE, readCookie, readSessionToken, sessionCookie, sessionCookieName, clearedSessionCookie } from './cookies.ts'
export { getSession, resolvePatientSession, requirePatient, requirePatientApi, requireAdmin, LOGIN_PATH, type PatientContext } from './guards.ts'
export { safeRedirectPath } from './safe-redirect.ts'
export { signOut } from './sign-out.ts'
export { patientOf, type Patient, type SignedInPatient } from './patient.ts'
