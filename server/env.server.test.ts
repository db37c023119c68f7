import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.server.ts'

describe('parseEnv', () => {
	it('applies the documented defaults', () => {
		const env = parseEnv({})
		expect(env.PORT).toBe(3000)
		expect(env.LOGIN_ACCOUNT_MAX_FAILURES).toBe(5)
		expect(env.isDemoMode).toBe(true)
		expect(env.dataDir.endsWith('/data')).toBe(true)
	})

	it('stops with a message naming the bad variable', () => {
		expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/)
		expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/)
	})

	it('never turns demo mode on in production', () => {
		expect(parseEnv({ NODE_ENV: 'production', DEMO_MODE: 'true' }).isDemoMode).toBe(false)
		expect(parseEnv({ DATABASE_URL: 'postgres://h/db' }).isDemoMode).toBe(false)
		expect(parseEnv({ DATABASE_URL: 'postgres://h/db', DEMO_MODE: '1' }).isDemoMode).toBe(true)
	})
})
