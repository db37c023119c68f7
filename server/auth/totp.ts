import { createTOTPKeyURI, verifyHOTP } from '@oslojs/otp'

/** RFC 6238 as authenticator apps use it: 30-second steps, 6 digits, HMAC-SHA1. */
export const TOTP_PERIOD_SECONDS = 30
export const TOTP_DIGITS = 6
/** Steps either side of the current one that are still accepted (clock drift). */
export const TOTP_DRIFT_STEPS = 1

export function timeStepOf(nowMs: number) {
	return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS)
}

/**
 * The time step a code belongs to (within the drift window), or null. A step
 * at or before `lastUsedStep` is refused: a code, once accepted, never works
 * again (nor does an older one).
 */
export function matchTotpStep(key: Uint8Array, code: string, nowMs: number, lastUsedStep: number | null): number | null {
	if (!/^\d{6}$/.test(code)) return null
	const current = timeStepOf(nowMs)
	for (let step = current - TOTP_DRIFT_STEPS; step <= current + TOTP_DRIFT_STEPS; step++) {
		if (lastUsedStep !== null && step <= lastUsedStep) continue
		if (verifyHOTP(key, BigInt(step), TOTP_DIGITS, code)) return step
	}
	return null
}

export function totpKeyUri(accountName: string, key: Uint8Array) {
	return createTOTPKeyURI('Carebook', accountName, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS)
}
