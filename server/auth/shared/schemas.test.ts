import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES, adminLoginMessage } from './messages.ts'
import { LoginSchema, RegisterSchema } from './schemas.ts'

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
	return result.success ? [] : result.error!.issues.map((issue) => issue.message)
}

describe('registration validation', () => {
	it('checks the password match before empty fields', () => {
		const result = RegisterSchema.safeParse({ name: '', email: '', password: 'a', confirmPassword: 'b' })
		expect(messagesOf(result)).toEqual([AUTH_MESSAGES.passwordsDoNotMatch])
	})

	it('asks for every field when one is empty', () => {
		const result = RegisterSchema.safeParse({ name: ' ', email: 'a@b.co', password: 'longenough', confirmPassword: 'longenough' })
		expect(messagesOf(result)).toEqual([AUTH_MESSAGES.fillAllFields])
	})

	it('refuses a malformed e-mail and a short password', () => {
		const result = RegisterSchema.safeParse({ name: 'Ann', email: 'nope', password: 'short', confirmPassword: 'short' })
		expect(messagesOf(result)).toEqual([AUTH_MESSAGES.invalidEmail, AUTH_MESSAGES.passwordTooShort])
	})

	it("reports a malformed e-mail even when the passwords differ ('not-an-email')", () => {
		const result = RegisterSchema.safeParse({ name: 'Ann', email: 'not-an-email', password: 'longenough', confirmPassword: '' })
		expect(messagesOf(result)).toEqual([AUTH_MESSAGES.invalidEmail, AUTH_MESSAGES.passwordsDoNotMatch])
	})

	it('normalises the e-mail and trims the name', () => {
		const result = RegisterSchema.parse({ name: ' Ann Lee ', email: ' Ann@Example.COM ', password: 'longenough', confirmPassword: 'longenough' })
		expect(result).toEqual({ name: 'Ann Lee', email: 'ann@example.com', password: 'longenough', dateOfBirth: null })
	})

	it('takes an optional date of birth, and refuses one that is no date, in the future or before 1900', () => {
		const fields = { name: 'Ann Lee', email: 'ann@example.com', password: 'longenough', confirmPassword: 'longenough' }
		expect(RegisterSchema.parse({ ...fields, dateOfBirth: '1980-05-02' }).dateOfBirth).toBe('1980-05-02')
		expect(RegisterSchema.parse({ ...fields, dateOfBirth: '' }).dateOfBirth).toBeNull()
		for (const dateOfBirth of ['1980-02-30', '2999-01-01', '1899-12-31', 'yesterday']) {
			expect(messagesOf(RegisterSchema.safeParse({ ...fields, dateOfBirth }))).toEqual([AUTH_MESSAGES.dateOfBirthInvalid])
		}
	})
})

describe('sign-in validation', () => {
	it('asks for both fields', () => {
		expect(messagesOf(LoginSchema.safeParse({ email: 'a@b.co' }))).toEqual([AUTH_MESSAGES.missingCredentials])
		expect(messagesOf(LoginSchema.safeParse({ password: 'x' }))).toEqual([AUTH_MESSAGES.missingCredentials])
	})
})

describe('admin login messages', () => {
	it('maps each status to the spec text', () => {
		expect(adminLoginMessage(401)).toBe('Invalid email or password')
		expect(adminLoginMessage(423)).toBe(AUTH_MESSAGES.accountLocked)
		expect(adminLoginMessage(429)).toBe(AUTH_MESSAGES.tooManyAttempts)
		expect(adminLoginMessage(503)).toBe('Server error. Please try again later.')
		expect(adminLoginMessage(400)).toBe('Login failed. Please check your credentials and try again.')
	})
})
