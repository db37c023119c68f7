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

/** The argument of a Dockerfile instruction (the last one of that name, as Docker uses). */
function dockerInstruction(name: string) {
	const matches = [...dockerfile.matchAll(new RegExp(`^${name}\\s+(.+)$`, 'gm'))]
	return matches.at(-1)?.[1]?.trim() ?? ''
}

/** The container's command, which must be in exec form (a JSON array). */
function dockerfileCommand(): string[] {
	return JSON.parse(dockerInstruction('CMD')) as string[]
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
		expect(dockerfileCommand()).toEqual(['node', '--import', 'tsx', 'scripts/start.ts'])
		expect(packageJson.scripts.start).toBe('tsx scripts/start.ts')
		expect(existsSync('scripts/start.ts')).toBe(true)
	})

	it('gives SIGTERM to the start script: tini as PID 1 passing it to the script, never npm or a shell in between', () => {
		// exec form (JSON): a shell form would make /bin/sh PID 1, which passes no signal on
		const entrypoint = JSON.parse(dockerInstruction('ENTRYPOINT')) as string[]
		expect(entrypoint).toEqual(['/usr/bin/tini', '--'])
		expect(dockerfile).toMatch(/apt-get install[^\n]*(\n\t+[^\n]*)*\btini\b/)
		expect(dockerInstruction('STOPSIGNAL')).toBe('SIGTERM')
		const command = dockerfileCommand()
		expect(command[0]).toBe('node')
		expect(command).not.toContain('npm')
		expect(command.at(-1)).toBe('scripts/start.ts')
		// the script handles the signal itself (stopAll), and drains within the grace period
		const startScript = readFileSync('scripts/start.ts', 'utf8')
		expect(startScript).toContain("process.on('SIGTERM', () => void stopAll(0))")
	})

	it('lets a stop drain: Fly sends SIGTERM and waits longer than the grace period plus the database stop', () => {
		const env = parseEnv({ DATABASE_URL: 'postgres://db/carebook' })
		expect(flyValue('kill_signal')).toBe('SIGTERM')
		const killTimeout = Number(flyValue('kill_timeout'))
		expect(killTimeout).toBeGreaterThanOrEqual(env.SHUTDOWN_GRACE_SECONDS + 8)
		expect(dockerfile).toContain(`--stop-timeout ${killTimeout}`)
	})
})
