import { describe, expect, it } from 'vitest'
import { isRefusal, refuse, refusalStatus, succeed } from './result.ts'

describe('domain results', () => {
	it('a success carries its values beside ok', () => {
		expect(succeed({ documentId: 'd1' })).toEqual({ ok: true, documentId: 'd1' })
	})

	it('a refusal names its kind, code, message and only a field when given', () => {
		expect(refuse('conflict', 'cancelled', 'This appointment is already cancelled.')).toEqual({
			ok: false,
			kind: 'conflict',
			code: 'cancelled',
			message: 'This appointment is already cancelled.',
		})
		expect(refuse('invalid', 'new-time-in-past', 'Pick a future time.', 'date')).toMatchObject({ field: 'date' })
	})

	it('the kind decides the HTTP status, not the domain', () => {
		expect(refusalStatus(refuse('invalid', 'x', 'm'))).toBe(400)
		expect(refusalStatus(refuse('not-found', 'x', 'm'))).toBe(404)
		expect(refusalStatus(refuse('conflict', 'x', 'm'))).toBe(409)
		expect(refusalStatus(refuse('too-large', 'x', 'm'))).toBe(413)
		expect(refusalStatus(refuse('unsupported', 'x', 'm'))).toBe(415)
		expect(refusalStatus(refuse('rate-limited', 'x', 'm'))).toBe(429)
	})

	it('tells a refusal from a success and from anything else', () => {
		expect(isRefusal(refuse('invalid', 'x', 'm'))).toBe(true)
		expect(isRefusal(succeed({}))).toBe(false)
		expect(isRefusal({ ok: false })).toBe(false)
		expect(isRefusal(null)).toBe(false)
	})
})
