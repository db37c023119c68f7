export { hashPassword, verifyPassword } from './password.ts'
export {
	createSession,
	validateSessionToken,
	invalidateSession,
	invalidateUserSessions,
	invalidateOtherSessions,
	deleteExpiredSessions,
	LAST_ACTIVE_RESOLUTION_MS,
	type SessionKind,
	type SessionUser,
	type ValidSession,
} from './sessions.ts'
export { authenticate, liftSignInLocks, type LoginResult } from './login.ts'
export { registerPatient, signUpPatient, EmailTakenError } from './register.ts'
export { sessionIdFromToken } from './session-token.ts'
export {
	SESSION_COOKIE,
	readCookie,
	readSessionToken,
	sessionCookie,
	sessionCookieName,
	clearedSessionCookie,
	twoFactorCookie,
	clearedTwoFactorCookie,
	readTwoFactorToken,
} from './cookies.ts'
export {
	CHALLENGE_MINUTES,
	RECOVERY_CODE_COUNT,
	beginTwoFactorSetup,
	cancelTwoFactorSetup,
	completeTwoFactorChallenge,
	confirmTwoFactorSetup,
	countMembersWithoutTwoFactor,
	disableTwoFactor,
	getTwoFactorStatus,
	isChallengeOpen,
	isTwoFactorEnabled,
	type TwoFactorStatus,
} from './two-factor.ts'
export { getSession, resolvePatientSession, requirePatient, requirePatientApi, requireAdmin, LOGIN_PATH, type PatientContext } from './guards.ts'
export { safeRedirectPath } from './safe-redirect.ts'
export { signOut } from './sign-out.ts'
export { patientOf, type Patient, type SignedInPatient } from './patient.ts'
export { loginSuccessRedirect, signedInRedirect, TWO_FACTOR_PATH } from './login-redirect.ts'
