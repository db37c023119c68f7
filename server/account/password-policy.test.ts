import { describe, expect, it } from 'vitest'
import { newPasswordProblem } from './password-policy.ts'
import { ACCOUNT_MESSAGES, MIN_PASSWORD_LENGTH } from './shared/messages.ts'

describe('newPasswordProblem', () => {
	it('refuses a password shorter than the minimum', () => {
		expect(newPasswordProblem('Sh0rt-pw')).toBe(ACCOUNT_MESSAGES.passwordTooShort(MIN_PASSWORD_LENGTH))
	})

	it('refuses passwords from the common-password list, whatever their case', () => {
		expect(newPasswordProblem('1234567890')).toBe(ACCOUNT_MESSAGES.passwordTooCommon)
		expect(newPasswordProblem('QWERTYUIOP')).toBe(ACCOUNT_MESSAGES.passwordTooCommon)
	})

	it('accepts a long uncommon password', () => {
		expect(newPasswordProblem('Lantern-orbit-47-quiet')).toBeNull()
	})
})
