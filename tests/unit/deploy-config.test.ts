import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseEnv } from '#server/env.server.ts'

const fly = readFileSync('fly.toml', 'utf8')
const dockerfile = readFileSync('Dockerfile', 'utf8')
const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }

function flyValue(key: string) {
	return fly.match(new RegExp(`^\\s*${key}\\s*=\\s*"?([^"\\n]+)"?`, 'm'))?.[1]
}

describe('deploy files agree with the app', () => {
	it('serves on the port the app listens on', () => {
		const env = parseEnv({ NODE_ENV: 'production', PORT: flyValue('PORT') })
		expect(Number(flyValue('internal_port'))).toBe(env.PORT)
		expect(dockerfile).toMatch(new RegExp(`EXPOSE ${env.PORT}\\b`))
		expect(dockerfile).toContain(`PORT=${env.PORT}`)
	})

	it('checks the health route that exists and touches the database', () => {
		expect(flyValue('path')).toBe('/healthz')
		expect(dockerfile).toContain('/healthz')
		expect(readFileSync('app/routes/healthz.ts', 'utf8')).toContain('select 1')
	})

	it('migrates with the project script at release and keeps data on the volume', () => {
		expect(flyValue('release_command')).toBe('npm run db:migrate')
		expect(packageJson.scripts['db:migrate']).toBe('tsx db/migrate.ts')
		expect(flyValue('destination')).toBe(flyValue('DATA_DIR'))
		expect(dockerfile).toContain('DATA_DIR=/data')
	})

	it('runs on Node 20 as a non-root user and starts web and worker together', () => {
		expect(dockerfile).toMatch(/^FROM node:20/m)
		expect(dockerfile).toMatch(/^USER (?!root)\w+/m)
		expect(dockerfile).toContain('CMD ["npm", "start"]')
		expect(packageJson.scripts.start).toBe('tsx scripts/start.ts')
		expect(existsSync('scripts/start.ts')).toBe(true)
	})
})
