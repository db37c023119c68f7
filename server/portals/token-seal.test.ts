import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { isSealedWithOldKey, open, seal, SealKeyMissingError, SealOpenError } from './token-seal.ts'

const oldKey = randomBytes(32)
const newKey = randomBytes(32)

describe('sealed portal secrets (AES-256-GCM)', () => {
	it('opens what it sealed, and never holds the plain text', () => {
		const sealed = seal('access-token-value', { current: newKey, previous: null })
		expect(sealed).not.toContain('access-token-value')
		expect(sealed.split('.')).toHaveLength(5)
		expect(open(sealed, { current: newKey, previous: null })).toBe('access-token-value')
		// a fresh IV each time
		expect(seal('same', { current: newKey, previous: null })).not.toBe(seal('same', { current: newKey, previous: null }))
	})

	it('opens a value sealed by the previous key during a rotation, and says it needs sealing again', () => {
		const sealed = seal('refresh-token', { current: oldKey, previous: null })
		const rotated = { current: newKey, previous: oldKey }
		expect(open(sealed, rotated)).toBe('refresh-token')
		expect(isSealedWithOldKey(sealed, rotated)).toBe(true)
		expect(isSealedWithOldKey(seal('x', rotated), rotated)).toBe(false)
		expect(() => open(sealed, { current: newKey, previous: null })).toThrow(SealOpenError)
	})

	it('refuses a tampered value, and seals nothing without a key', () => {
		const sealed = seal('secret', { current: newKey, previous: null })
		const parts = sealed.split('.')
		parts[4] = Buffer.from('tampered').toString('base64url')
		expect(() => open(parts.join('.'), { current: newKey, previous: null })).toThrow(SealOpenError)
		expect(() => seal('secret', null)).toThrow(SealKeyMissingError)
	})
})
