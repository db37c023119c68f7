import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'
import { ACCOUNT_MESSAGES } from './messages.ts'
import { ChangePasswordSchema, isSanePhoneNumber, ProfileSchema } from './schemas.ts'

function formOf(values: Record<string, string>) {
	const form = new FormData()
	for (const [key, value] of Object.entries(values)) form.set(key, value)
	return form
}

describe('ChangePasswordSchema', () => {
	it('says the new passwords do not match before anything else', () => {
		const result = parseWithZod(formOf({ currentPassword: '', newPassword: 'a', confirmPassword: 'b' }), { schema: ChangePasswordSchema })
		expect(result.status).toBe('error')
		expect(result.reply().error?.['']).toEqual([ACCOUNT_MESSAGES.passwordsDoNotMatch])
	})

	it('asks for all password fields', () => {
		const result = parseWithZod(formOf({ currentPassword: '', newPassword: 'same', confirmPassword: 'same' }), { schema: ChangePasswordSchema })
		expect(result.reply().error?.['']).toEqual([ACCOUNT_MESSAGES.fillAllPasswordFields])
	})
})

describe('profile phone numbers', () => {
	it('accepts international numbers with separators', () => {
		expect(isSanePhoneNumber('+1 (555) 123-4567')).toBe(true)
		expect(isSanePhoneNumber('+44 20 7946 0958')).toBe(true)
	})

	it('refuses numbers without a country code, with letters or too many digits', () => {
		expect(isSanePhoneNumber('555-1234')).toBe(false)
		expect(isSanePhoneNumber('+1 555 CALL NOW')).toBe(false)
		expect(isSanePhoneNumber('+1234567890123456')).toBe(false)
	})

	it('gives the phone field its message and takes an empty phone as not set', () => {
		const bad = parseWithZod(formOf({ name: 'Ada', email: 'ada@example.test', phone: '12' }), { schema: ProfileSchema })
		expect(bad.reply().error?.phone).toEqual([ACCOUNT_MESSAGES.invalidPhone])
		const empty = parseWithZod(formOf({ name: 'Ada', email: 'ada@example.test', phone: '' }), { schema: ProfileSchema })
		expect(empty.status).toBe('success')
		if (empty.status === 'success') expect(empty.value.phone).toBeUndefined()
	})
})
