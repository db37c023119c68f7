/**
 * The one way the app starts (npm run dev / npm start): PostgreSQL (embedded
 * unless DATABASE_URL is set), migrations, demo data in demo mode, then the
 * web server and the worker as child processes. Stops everything when any
 * part stops or on Ctrl-C.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const isDev = process.argv.includes('--dev')
process.env.NODE_ENV ??= isDev ? 'development' : 'production'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const { getEnv } = await import('#server/env.server.ts')
let env
try {
	env = getEnv()
} catch (error) {
	console.error((error as Error).message)
	process.exit(1)
}

if (!isDev && !existsSync(path.resolve(root, process.env.BUILD_DIR ?? 'build', 'server/index.js'))) {
	console.error('No production build found: run `npm run build` first (or `npm run dev` for development).')
	process.exit(1)
}

const tsx = path.join(root, 'node_modules/.bin/tsx')
const children: ChildProcess[] = []
let isStopping = false
let stopDatabase = async () => {}

function startChild(name: string, script: string, extraEnv: Record<string, string> = {}) {
	const child = spawn(tsx, [script], {
		cwd: root,
		stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
		env: { ...process.env, ...extraEnv },
	})
	child.on('exit', (code) => {
		if (!isStopping) {
			console.error(`${name} exited (${code ?? 'signal'}); stopping`)
			void stopAll(code ?? 1)
		}
	})
	children.push(child)
}

async function stopAll(exitCode: number) {
	if (isStopping) return
	isStopping = true
	await Promise.all(
		children.map(
			(child) =>
				new Promise<void>((resolve) => {
					if (child.exitCode !== null) return resolve()
					child.once('exit', () => resolve())
					child.kill('SIGTERM')
					setTimeout(() => child.kill('SIGKILL'), 8_000).unref()
				}),
		),
	)
	await stopDatabase()
	process.exit(exitCode)
}

process.on('SIGINT', () => void stopAll(0))
process.on('SIGTERM', () => void stopAll(0))

const { plannedDatabaseUrl, resolveDatabaseUrl } = await import('#db/database-url.ts')
const { migrateAll } = await import('#db/migrate.ts')
process.env.DATABASE_URL = plannedDatabaseUrl()
// The children see DATABASE_URL set: tell them the mode decided here.
process.env.DEMO_MODE = String(env.isDemoMode)

// The web server prepares itself (Vite, the server build) while the database
// starts and migrates, and listens only once told the database is ready.
startChild('web', 'server/http/main.ts', { WAIT_FOR_DATABASE: 'true' })

try {
	const database = await resolveDatabaseUrl()
	stopDatabase = database.stop
	const report = await migrateAll(database.url)
	console.log(
		`database ready (${database.isEmbedded ? 'embedded' : 'DATABASE_URL'}): ${report.tenantSchemas} tenant schema(s), ${report.tenantMigrationsApplied} tenant migration(s) applied`,
	)
	if (env.isDemoMode) {
		const { seedDemoData } = await import('#db/seed.ts')
		const { closeDb } = await import('#db/client.ts')
		const seeded = await seedDemoData()
		await closeDb()
		if (seeded.seeded) console.log('demo mode: seeded the demo accounts (shown on the sign-in page)')
	}
} catch (error) {
	// Class and code only: a failed statement's message carries its text.
	const { describeError, logger } = await import('#server/logger.ts')
	logger.error('start.database_failed', describeError(error))
	await stopAll(1)
}
children[0]?.send('database-ready')
if (process.env.START_WORKER !== 'false') startChild('worker', 'server/jobs/worker.ts')
console.log(`Carebook ${isDev ? 'development' : 'production'} server on http://localhost:${env.PORT}`)
