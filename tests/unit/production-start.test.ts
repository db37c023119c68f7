import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

/** `npm start` as a deploy would run it, with only the variables given here (no build: BUILD_DIR points nowhere). */
function start(variables: Record<string, string>) {
	const result = spawnSync('node_modules/.bin/tsx', ['scripts/start.ts'], {
		env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', BUILD_DIR: 'tests/.tmp/no-such-build', ...variables },
		encoding: 'utf8',
		timeout: 60_000,
	})
	return { code: result.status, stderr: result.stderr }
}

const COMPLETE = {
	APP_ORIGIN: 'https://carebook.example',
	SIGNING_SECRET: 'a-secret-of-at-least-thirty-two-characters',
	DATABASE_URL: 'postgres://carebook@127.0.0.1:1/carebook',
}

describe('production start-up', () => {
	it('refuses to start without APP_ORIGIN, naming it', () => {
		const { APP_ORIGIN: _origin, ...rest } = COMPLETE
		const result = start(rest)
		expect(result.code).toBe(1)
		expect(result.stderr).toContain('APP_ORIGIN: required in production')
		expect(result.stderr).not.toContain('No production build')
	}, 60_000)

	it('refuses to start without SIGNING_SECRET, naming it', () => {
		const { SIGNING_SECRET: _secret, ...rest } = COMPLETE
		const result = start(rest)
		expect(result.code).toBe(1)
		expect(result.stderr).toContain('SIGNING_SECRET: required in production')
	}, 60_000)

	it('refuses the embedded database without DATABASE_URL unless asked for', () => {
		const { DATABASE_URL: _url, ...rest } = COMPLETE
		const refused = start(rest)
		expect(refused.code).toBe(1)
		expect(refused.stderr).toContain('DATABASE_URL: required in production')
		expect(refused.stderr).toContain('EMBEDDED_DATABASE_IN_PRODUCTION=true')

		// With the opt-in the environment passes, and start-up goes on to look for the build.
		const optedIn = start({ ...rest, EMBEDDED_DATABASE_IN_PRODUCTION: 'true' })
		expect(optedIn.code).toBe(1)
		expect(optedIn.stderr).not.toContain('Invalid environment')
		expect(optedIn.stderr).toContain('No production build found')
	}, 60_000)

	it('gets past the environment check when every required variable is set', () => {
		const result = start(COMPLETE)
		expect(result.code).toBe(1)
		expect(result.stderr).not.toContain('Invalid environment')
		expect(result.stderr).toContain('No production build found')
	}, 60_000)
})
