import { describe, expect, it } from 'vitest'
import { currentDatabaseUrl, currentMailSettings, DEFAULT_MAIL_FROM, logLevel, parseEnv } from '#server/env.server.ts'

/** Everything production requires, valid. */
const PRODUCTION = {
	NODE_ENV: 'production',
	APP_ORIGIN: 'https://carebook.example',
	SIGNING_SECRET: 'a-secret-of-at-least-thirty-two-characters',
	DATABASE_URL: 'postgres://user:pw@db.internal/carebook',
}

function without(name: keyof typeof PRODUCTION) {
	const { [name]: _removed, ...rest } = PRODUCTION
	return rest
}

describe('parseEnv', () => {
	it('applies the documented defaults', () => {
		const env = parseEnv({})
		expect(env.PORT).toBe(3000)
		expect(env.LOGIN_ACCOUNT_MAX_FAILURES).toBe(5)
		expect(env.SESSION_ABSOLUTE_HOURS).toBe(12)
		expect(env.isDemoMode).toBe(true)
		expect(env.dataDir.endsWith('/data')).toBe(true)
	})

	it('stops with a message naming the bad variable', () => {
		expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/)
		expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/)
		expect(() => parseEnv({ APP_ORIGIN: 'https://carebook.example/app' })).toThrow(/APP_ORIGIN: must be an origin/)
	})

	it('never turns demo mode on in production', () => {
		expect(parseEnv({ ...PRODUCTION, DEMO_MODE: 'true' }).isDemoMode).toBe(false)
		expect(parseEnv({ DATABASE_URL: 'postgres://h/db' }).isDemoMode).toBe(false)
		expect(parseEnv({ DATABASE_URL: 'postgres://h/db', DEMO_MODE: '1' }).isDemoMode).toBe(true)
	})

	it('binds to the loopback address in development and to every interface in production', () => {
		expect(parseEnv({}).HOST).toBe('127.0.0.1')
		expect(parseEnv({ NODE_ENV: 'development' }).HOST).toBe('127.0.0.1')
		expect(parseEnv({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1')
		expect(parseEnv(PRODUCTION).HOST).toBe('0.0.0.0')
		expect(parseEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0')
		expect(parseEnv({ ...PRODUCTION, HOST: '::' }).HOST).toBe('::')
	})

	it('accepts a complete production environment and keeps APP_ORIGIN as a bare origin', () => {
		const env = parseEnv({ ...PRODUCTION, APP_ORIGIN: 'https://carebook.example/' })
		expect(env.isProduction).toBe(true)
		expect(env.APP_ORIGIN).toBe('https://carebook.example')
	})

	it('refuses production without APP_ORIGIN, naming it', () => {
		expect(() => parseEnv(without('APP_ORIGIN'))).toThrow(/APP_ORIGIN: required in production/)
	})

	it('refuses production without SIGNING_SECRET, naming it', () => {
		expect(() => parseEnv(without('SIGNING_SECRET'))).toThrow(/SIGNING_SECRET: required in production/)
	})

	it('names every missing production variable in one message', () => {
		let message = ''
		try {
			parseEnv({ NODE_ENV: 'production' })
		} catch (error) {
			message = (error as Error).message
		}
		expect(message).toMatch(/APP_ORIGIN/)
		expect(message).toMatch(/SIGNING_SECRET/)
		expect(message).toMatch(/DATABASE_URL/)
	})

	it('refuses the embedded database in production unless it is asked for explicitly', () => {
		expect(() => parseEnv(without('DATABASE_URL'))).toThrow(
			/DATABASE_URL: required in production; the embedded PostgreSQL is for development and tests \(set EMBEDDED_DATABASE_IN_PRODUCTION=true/,
		)
		expect(() => parseEnv({ ...without('DATABASE_URL'), EMBEDDED_DATABASE_IN_PRODUCTION: 'false' })).toThrow(/DATABASE_URL/)
		const embedded = parseEnv({ ...without('DATABASE_URL'), EMBEDDED_DATABASE_IN_PRODUCTION: 'true' })
		expect(embedded.DATABASE_URL).toBeUndefined()
		expect(embedded.isDemoMode).toBe(false)
	})

	it('keeps development and tests free of production requirements', () => {
		expect(() => parseEnv({ NODE_ENV: 'development' })).not.toThrow()
		expect(() => parseEnv({ NODE_ENV: 'test' })).not.toThrow()
		expect(parseEnv({ NODE_ENV: 'test' }).SIGNING_SECRET).toBeUndefined()
	})

	it('lets a migration-only process run on the database settings alone', () => {
		const migrateOnly = { NODE_ENV: 'production', DATABASE_URL: PRODUCTION.DATABASE_URL }
		expect(() => parseEnv(migrateOnly)).toThrow(/APP_ORIGIN/)
		expect(parseEnv(migrateOnly, 'database').DATABASE_URL).toBe(PRODUCTION.DATABASE_URL)
		expect(() => parseEnv({ NODE_ENV: 'production' }, 'database')).toThrow(/DATABASE_URL: required in production/)
	})
})

describe('variables read when used', () => {
	it('reads the worker and start-up settings with their defaults', () => {
		const env = parseEnv({})
		expect(env.WORKER_CONCURRENCY).toBe(2)
		expect(env.BUILD_DIR).toBe('build')
		expect(env.START_WORKER).toBe(true)
		expect(env.WAIT_FOR_DATABASE).toBe(false)
		expect(parseEnv({ START_WORKER: 'false', WORKER_CONCURRENCY: '4' })).toMatchObject({ START_WORKER: false, WORKER_CONCURRENCY: 4 })
		expect(() => parseEnv({ WORKER_CONCURRENCY: 'many' })).toThrow(/WORKER_CONCURRENCY/)
	})

	it('gives the log level as set, and info for an unset or invalid one, whatever else is wrong', () => {
		expect(logLevel({ LOG_LEVEL: 'warn', PORT: 'eighty' })).toBe('warn')
		expect(logLevel({})).toBe('info')
		expect(logLevel({ LOG_LEVEL: 'loud' })).toBe('info')
	})

	it('checks DATABASE_URL as it is now', () => {
		expect(currentDatabaseUrl({ DATABASE_URL: PRODUCTION.DATABASE_URL })).toBe(PRODUCTION.DATABASE_URL)
		expect(currentDatabaseUrl({})).toBeUndefined()
		expect(() => currentDatabaseUrl({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/)
	})

	it('checks the e-mail settings: an smtp(s) URL, a sender address, and MAIL_FROM in production with SMTP_URL', () => {
		expect(() => parseEnv({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/)
		expect(() => parseEnv({ MAIL_FROM: 'Carebook' })).toThrow(/MAIL_FROM: must be an e-mail address/)
		expect(() => parseEnv({ MAIL_FROM: 'Carebook <a@b.example>\r\nBcc: x@y.example' })).toThrow(/MAIL_FROM/)
		expect(parseEnv({ SMTP_URL: 'smtps://user:secret@smtp.example:465', MAIL_FROM: 'Carebook <no-reply@carebook.example>' }).SMTP_URL).toBe(
			'smtps://user:secret@smtp.example:465',
		)
		expect(() => parseEnv({ ...PRODUCTION, SMTP_URL: 'smtp://smtp.example:587' })).toThrow(/MAIL_FROM: required in production with SMTP_URL/)
		expect(parseEnv({ ...PRODUCTION, SMTP_URL: 'smtp://smtp.example:587', MAIL_FROM: 'no-reply@carebook.example' }).MAIL_FROM).toBe('no-reply@carebook.example')
		expect(parseEnv(PRODUCTION).SMTP_URL).toBeUndefined()
	})

	it('reads the e-mail settings as they are now, with the default sender outside production', () => {
		expect(currentMailSettings({})).toEqual({ smtpUrl: undefined, from: DEFAULT_MAIL_FROM, isProduction: false })
		expect(currentMailSettings({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'a@b.example', NODE_ENV: 'production' })).toEqual({
			smtpUrl: 'smtp://127.0.0.1:2525',
			from: 'a@b.example',
			isProduction: true,
		})
		expect(() => currentMailSettings({ SMTP_URL: 'mail.example' })).toThrow(/SMTP_URL/)
	})
})
