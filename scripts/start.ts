/**
 * The one way the app starts (npm run dev / npm start): PostgreSQL (embedded
 * unless DATABASE_URL is set), migrations, demo data in demo mode, then the
 * web server and the worker as child processes. A worker that dies (a
 * crash, the kernel's out-of-memory killer) is started again with a back-off
 * (1 s, doubling to 30 s; back to 1 s once one has run for a minute) while
 * the web server and the database keep running; its unfinished jobs run
 * again (server/jobs/job-recovery.ts). The embedded PostgreSQL is watched the
 * same way: its end is logged and it is started again with the same back-off
 * (its own log is kept, rotated, in DATA_DIR/logs/postgres.log); meanwhile
 * the web server answers 503 at once. When the web server stops, everything
 * stops: without it the app is not reachable anyway, and a supervisor
 * (Docker, Fly) restarts the whole.
 *
 * SIGTERM (a deploy, `docker stop`) drains: the web server and the worker
 * are told to stop together; requests in flight and running jobs get
 * SHUTDOWN_GRACE_SECONDS to finish (jobs not done by then go back to the
 * queue without using an attempt), then PostgreSQL stops with a fast
 * shutdown. The whole stays under fly.toml's kill_timeout. In the container
 * this script is the process tini starts (Dockerfile), so it is the one
 * that receives the signal.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const isDev = process.argv.includes('--dev')
process.env.NODE_ENV ??= isDev ? 'development' : 'production'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const { getEnv } = await import('#server/env.server.ts')
let env: ReturnType<typeof getEnv>
try {
	env = getEnv()
} catch (error) {
	console.error((error as Error).message)
	process.exit(1)
}

if (!isDev && !existsSync(path.resolve(root, env.BUILD_DIR, 'server/index.js'))) {
	console.error('No production build found: run `npm run build` first (or `npm run dev` for development).')
	process.exit(1)
}

// Children run Node with tsx's hooks directly: the same as `tsx <script>` without its launcher process (about 45 MB each).
const resolveFromRoot = createRequire(path.join(root, 'package.json')).resolve
const nodeWithTsx = ['--require', resolveFromRoot('tsx/preflight'), '--import', pathToFileURL(resolveFromRoot('tsx')).href]
const children = new Set<ChildProcess>()
let isStopping = false
let stopDatabase = async () => {}
/** An embedded PostgreSQL being started again: a stop waits for it, then stops it. */
let databaseStarting: Promise<{ stop: () => Promise<void> }> | null = null
/** Restarts waiting for their back-off: a stop cancels them rather than waiting on them. */
const pendingRestarts = new Set<NodeJS.Timeout>()
/** Past the grace period, a child that has not exited is killed. */
const CHILD_STOP_MARGIN_MS = 3_000

const RESTART_FIRST_DELAY_MS = 1_000
const RESTART_MAX_DELAY_MS = 30_000
const RESTART_STABLE_MS = 60_000

function startChild(name: string, script: string, options: { extraEnv?: Record<string, string>; restartDelayMs?: number } = {}) {
	const startedAt = Date.now()
	const child = spawn(process.execPath, [...nodeWithTsx, script], {
		cwd: root,
		stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
		env: { ...process.env, ...options.extraEnv },
	})
	child.on('exit', (code, signal) => {
		children.delete(child)
		if (isStopping) return
		if (options.restartDelayMs === undefined) {
			console.error(`${name} exited (${code ?? signal}); stopping`)
			void stopAll(code ?? 1)
			return
		}
		const delay = Date.now() - startedAt >= RESTART_STABLE_MS ? RESTART_FIRST_DELAY_MS : options.restartDelayMs
		console.error(`${name} exited (${code ?? signal}); starting it again in ${delay / 1000} s`)
		const timer = setTimeout(() => {
			pendingRestarts.delete(timer)
			if (!isStopping) startChild(name, script, { ...options, restartDelayMs: Math.min(RESTART_MAX_DELAY_MS, delay * 2) })
		}, delay)
		pendingRestarts.add(timer)
	})
	children.add(child)
	return child
}

async function stopAll(exitCode: number) {
	if (isStopping) return
	isStopping = true
	const started = Date.now()
	for (const timer of pendingRestarts) clearTimeout(timer)
	pendingRestarts.clear()
	// Both drain at once (web: requests in flight; worker: running jobs), each within the grace period.
	await Promise.all(
		[...children].map(
			(child) =>
				new Promise<void>((resolve) => {
					if (child.exitCode !== null || child.signalCode !== null) return resolve()
					child.once('exit', () => resolve())
					child.kill('SIGTERM')
					setTimeout(() => child.kill('SIGKILL'), env.SHUTDOWN_GRACE_SECONDS * 1000 + CHILD_STOP_MARGIN_MS).unref()
				}),
		),
	)
	// Last, once the web server and the worker closed their pools (at once when it is not running).
	const restarted = await databaseStarting?.catch(() => null)
	await (restarted ? restarted.stop() : stopDatabase()).catch(() => {})
	console.log(`Carebook stopped in ${((Date.now() - started) / 1000).toFixed(1)} s`)
	process.exit(exitCode)
}

process.on('SIGINT', () => void stopAll(0))
process.on('SIGTERM', () => void stopAll(0))
process.on('SIGHUP', () => void stopAll(0))
// The database stops last, in stopAll, once the web server and the worker closed their pools.
const { leaveSignalsToCaller } = await import('#db/embedded.ts')
leaveSignalsToCaller()

const { plannedDatabaseUrl, resolveDatabaseUrl } = await import('#db/database-url.ts')
type DatabaseHandle = Awaited<ReturnType<typeof resolveDatabaseUrl>>
const { migrateAll } = await import('#db/migrate.ts')
process.env.DATABASE_URL = plannedDatabaseUrl()
// The children see DATABASE_URL set: tell them the mode decided here.
process.env.DEMO_MODE = String(env.isDemoMode)

// Temporary upload files and extraction copies a stopped or crashed run left behind, removed while
// the database starts (none is in use: this run's web server takes no request and its worker is not
// started until this is done; another process's open ones stay).
const tempFilesSwept = import('#server/jobs/sweep-upload-temp-files.ts')
	.then(({ sweepUploadTempFiles }) => sweepUploadTempFiles({ unlessOpen: true }))
	.then((removed) => removed && console.log(`removed ${removed} temporary file(s) left by an earlier run`))
	.catch(() => {})
// Outside production, the local test portal (a SMART authorization server and a FHIR endpoint,
// tests/support/portal-server.ts) is offered on /connections as 'Test portal', so the flow can be
// seen working without registering anywhere. TEST_PORTAL_PORT=0 turns it off.
if (!env.isProduction && env.TEST_PORTAL_PORT !== 0 && !process.env.PORTAL_TEST_SERVER_URL) {
	try {
		const { startTestPortal, TEST_PORTAL_CLIENTS } = await import('../tests/support/portal-server.ts')
		const origins = new Set([`http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`, ...(env.APP_ORIGIN ? [env.APP_ORIGIN] : [])])
		const { DEMO_ACCOUNTS } = await import('#db/demo-accounts.ts')
		const [given, ...family] = DEMO_ACCOUNTS.patient.name.split(' ')
		const portal = await startTestPortal({
			port: env.TEST_PORTAL_PORT ?? env.PORT + 1,
			redirectUris: [...origins].map((origin) => `${origin}/connections/callback`),
			jwksUri: `http://localhost:${env.PORT}/.well-known/jwks.json`,
			renamedPatients: [{ login: 'demo', from: 'clint', given: given!, family: family.join(' '), birthDate: '1967-12-18' }],
		})
		process.env.PORTAL_TEST_SERVER_URL = portal.fhirBaseUrl
		process.env.PORTAL_TEST_CLIENT_ID ??= TEST_PORTAL_CLIENTS.public
		console.log(`test portal (SMART on FHIR, for /connections) on ${portal.issuer}`)
	} catch (error) {
		// oidc-provider is a development dependency: absent (npm install --omit=dev), there is no test portal
		console.warn(`test portal not started: ${(error as Error).message.split('\n')[0]}`)
	}
}

// The web server prepares itself (Vite, the server build) while the database
// starts and migrates, and listens only once told the database is ready.
const web = startChild('web', 'server/http/main.ts', { extraEnv: { WAIT_FOR_DATABASE: 'true' } })

/**
 * Starts the embedded PostgreSQL again whenever it ends while the app runs
 * (killed, crashed, out of memory), with the workers' back-off. The web
 * server and the worker reconnect by themselves once it answers.
 */
function superviseDatabase(database: DatabaseHandle, restartDelayMs = RESTART_FIRST_DELAY_MS) {
	const { exited, restart } = database
	if (!exited || !restart) return
	const startedAt = Date.now()
	void exited.then(async ({ code, signal }) => {
		if (isStopping) return
		stopDatabase = async () => {}
		const { logger } = await import('#server/logger.ts')
		let delay = Date.now() - startedAt >= RESTART_STABLE_MS ? RESTART_FIRST_DELAY_MS : restartDelayMs
		logger.error('db.embedded_postgres_exited', { code, signal: signal ?? undefined, restartInMs: delay })
		for (;;) {
			await new Promise<void>((resolve) => {
				const timer = setTimeout(() => {
					pendingRestarts.delete(timer)
					resolve()
				}, delay)
				pendingRestarts.add(timer)
			})
			if (isStopping) return
			try {
				const starting = restart()
				databaseStarting = starting
				const restarted = await starting.finally(() => (databaseStarting = null))
				stopDatabase = restarted.stop
				// a stop that began meanwhile stops it (stopAll waits for a start in progress)
				if (isStopping) return
				logger.warn('db.embedded_postgres_restarted', {})
				superviseDatabase(restarted, Math.min(RESTART_MAX_DELAY_MS, delay * 2))
				return
			} catch (error) {
				delay = Math.min(RESTART_MAX_DELAY_MS, delay * 2)
				const { describeError } = await import('#server/logger.ts')
				logger.error('db.embedded_postgres_restart_failed', { ...describeError(error), restartInMs: delay })
			}
		}
	})
}

try {
	const database = await resolveDatabaseUrl()
	stopDatabase = database.stop
	superviseDatabase(database)
	const report = await migrateAll(database.url)
	console.log(
		`database ready (${database.isEmbedded ? 'embedded' : 'DATABASE_URL'}): ${report.tenantSchemas} tenant schema(s) migrated, ${report.tenantMigrationsApplied} tenant migration(s) applied`,
	)
	// Each was logged with its organization id; the other organizations are served. The release command (npm run db:migrate) fails on the same schemas and stops a deploy.
	if (report.failedTenantSchemas.length > 0) {
		const { logger } = await import('#server/logger.ts')
		logger.error('start.tenant_migrations_failed', { count: report.failedTenantSchemas.length })
	}
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
await tempFilesSwept
if (web.connected) web.send('database-ready')
if (env.START_WORKER) startChild('worker', 'server/jobs/worker.ts', { restartDelayMs: RESTART_FIRST_DELAY_MS })
console.log(`Carebook ${isDev ? 'development' : 'production'} server on http://localhost:${env.PORT}`)
