import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseEnv } from '#server/env.server.ts'

const fly = readFileSync('fly.toml', 'utf8')
const dockerfile = readFileSync('Dockerfile', 'utf8')
const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }

function flyValue(key: string) {
	return fly.match(new RegExp(`^\\s*${key}\\s*=\\s*"?([^"\\n]+)"?`, 'm'))?.[1]
}

/** The [env] table of fly.toml, as the machine sees it. */
function flyEnv() {
	const table = fly.split(/^\[env\]\s*$/m)[1]!.split(/^\[/m)[0]!
	return Object.fromEntries([...table.matchAll(/^\s*(\w+)\s*=\s*"([^"]*)"/gm)].map((match) => [match[1]!, match[2]!]))
}

/** The variables named in fly.toml's `fly secrets set` line. */
function flySecrets() {
	const line = fly.match(/fly secrets set (.*)$/m)?.[1] ?? ''
	return [...line.matchAll(/(\w+)=/g)].map((match) => match[1]!)
}

function startUpError(env: Record<string, string>, scope?: 'database') {
	try {
		parseEnv(env, scope)
		return ''
	} catch (error) {
		return (error as Error).message
	}
}

describe('deploy files agree with the app', () => {
	it('serves on the port the app listens on', () => {
		const env = parseEnv({ ...flyEnv(), DATABASE_URL: 'postgres://db/carebook', SIGNING_SECRET: 'x'.repeat(32) })
		expect(flyValue('PORT')).toBe(String(env.PORT))
		expect(Number(flyValue('internal_port'))).toBe(env.PORT)
		expect(dockerfile).toMatch(new RegExp(`EXPOSE ${env.PORT}\\b`))
		expect(dockerfile).toContain(`PORT=${env.PORT}`)
	})

	it('checks the health route that exists and touches the database', () => {
		expect(flyValue('path')).toBe('/healthz')
		expect(dockerfile).toContain('/healthz')
		expect(readFileSync('app/routes/healthz.ts', 'utf8')).toContain('isDatabaseAvailable({ fresh: true })')
		expect(readFileSync('db/availability.ts', 'utf8')).toContain('select 1')
	})

	it('migrates with the project script at release and keeps data on the volume', () => {
		expect(flyValue('release_command')).toBe('npm run db:migrate')
		expect(packageJson.scripts['db:migrate']).toBe('tsx db/migrate.ts')
		expect(flyValue('destination')).toBe(flyValue('DATA_DIR'))
		expect(dockerfile).toContain('DATA_DIR=/data')
	})

	it("states every secret production requires, and sets APP_ORIGIN to the app's https address", () => {
		const env = flyEnv()
		expect(env.NODE_ENV).toBe('production')
		expect(env.APP_ORIGIN).toBe(`https://${flyValue('app')}.fly.dev`)
		// Without the secrets the machine would refuse to start, naming each one the secrets line sets.
		const missing = [...startUpError(env).matchAll(/(\w+): required in production/g)].map((match) => match[1])
		expect(missing.sort()).toEqual(['DATABASE_URL', 'SIGNING_SECRET'])
		expect(flySecrets().sort()).toEqual(['DATABASE_URL', 'SIGNING_SECRET'])
		const secrets = { DATABASE_URL: 'postgres://db/carebook', SIGNING_SECRET: 'x'.repeat(32) }
		expect(startUpError({ ...env, ...secrets })).toBe('')
		// The release command only migrates: it needs the database, not the web server's settings.
		expect(startUpError({ NODE_ENV: 'production', DATABASE_URL: secrets.DATABASE_URL }, 'database')).toBe('')
		for (const name of ['APP_ORIGIN', 'SIGNING_SECRET', 'DATABASE_URL', 'EMBEDDED_DATABASE_IN_PRODUCTION']) {
			expect(dockerfile).toContain(name)
		}
	})

	it('runs on Node 20 as a non-root user and starts web and worker together', () => {
		expect(dockerfile).toMatch(/^FROM node:20/m)
		expect(dockerfile).toMatch(/^USER (?!root)\w+/m)
		expect(dockerfile).toContain('CMD ["npm", "start"]')
		expect(packageJson.scripts.start).toBe('tsx scripts/start.ts')
		expect(existsSync('scripts/start.ts')).toBe(true)
	})
})
