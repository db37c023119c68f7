import { AUTH_MESSAGES } from '#server/auth/shared/messages.ts'
import type { LoginResult } from './login.ts'

/** The patient sign-in screen's text for a refused login. */
export function patientLoginMessage(result: Extract<LoginResult, { ok: false }>) {
	if (result.status === 423) return AUTH_MESSAGES.accountLocked
	if (result.status === 429) return AUTH_MESSAGES.tooManyAttempts
	if (result.status === 403) return AUTH_MESSAGES.accountDeactivated
	return AUTH_MESSAGES.loginFailed
}
