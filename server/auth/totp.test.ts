import { generateHOTP } from '@oslojs/otp'
import { describe, expect, it } from 'vitest'
import { matchTotpStep, timeStepOf, TOTP_DIGITS } from './totp.ts'

// RFC 6238 appendix B: the SHA-1 key "12345678901234567890"; at 59 s the 8-digit code is 94287082 (6 digits: 287082).
const RFC_KEY = new TextEncoder().encode('12345678901234567890')

describe('matchTotpStep', () => {
	it('accepts the RFC 6238 test vector at its time', () => {
		expect(matchTotpStep(RFC_KEY, '287082', 59_000, null)).toBe(1)
	})

	it('accepts the previous and next step (drift) but not two steps away', () => {
		const now = 1_800_000_000_000
		const step = timeStepOf(now)
		const code = (offset: number) => generateHOTP(RFC_KEY, BigInt(step + offset), TOTP_DIGITS)
		expect(matchTotpStep(RFC_KEY, code(-1), now, null)).toBe(step - 1)
		expect(matchTotpStep(RFC_KEY, code(1), now, null)).toBe(step + 1)
		expect(matchTotpStep(RFC_KEY, code(2), now, null)).toBeNull()
	})

	it('refuses a code of a step already used, and any older one', () => {
		const now = 1_800_000_000_000
		const step = timeStepOf(now)
		const code = generateHOTP(RFC_KEY, BigInt(step), TOTP_DIGITS)
		expect(matchTotpStep(RFC_KEY, code, now, step)).toBeNull()
		expect(matchTotpStep(RFC_KEY, generateHOTP(RFC_KEY, BigInt(step - 1), TOTP_DIGITS), now, step - 1)).toBeNull()
	})

	it('refuses anything that is not six digits', () => {
		expect(matchTotpStep(RFC_KEY, '28708', 59_000, null)).toBeNull()
		expect(matchTotpStep(RFC_KEY, 'abcdef', 59_000, null)).toBeNull()
	})
})
