import { getEnv } from '#server/env.server.ts'
import { logger } from '#server/logger.ts'
import { closeDb } from '#db/client.ts'
import { stopDatabaseProbe } from '#db/availability.ts'
import { createHttpApp } from './app.ts'

const env = getEnv()
// Started by scripts/start.ts alongside the database: listen once it says the database is ready.
const databaseReady =
	env.WAIT_FOR_DATABASE && process.send
		? new Promise<void>((resolve) => process.on('message', (message) => message === 'database-ready' && resolve()))
		: Promise.resolve()
const stopping = new AbortController()
const app = await createHttpApp({ stopping: stopping.signal })
await databaseReady
const server = app.listen(env.PORT, env.HOST, () => {
	logger.info('web.listening', { port: env.PORT, mode: env.NODE_ENV })
})

/**
 * Drains, then exits: no new connections; requests in flight finish (an
 * upload is stored or refused, never cut) within SHUTDOWN_GRACE_SECONDS;
 * idle keep-alive connections close at once and busy ones after their
 * answer; event streams end (the browser reconnects to whatever serves
 * next). Whatever is still open at the deadline is cut. Then the pool
 * closes.
 */
async function shutdown() {
	if (stopping.signal.aborted) return
	stopping.abort()
	const started = Date.now()
	const closed = new Promise<void>((resolve) => server.close(() => resolve()))
	server.closeIdleConnections()
	// connections that answered meanwhile become idle: close them as they do
	const idleSweep = setInterval(() => server.closeIdleConnections(), 100)
	const deadline = new Promise<'deadline'>((resolve) => setTimeout(() => resolve('deadline'), env.SHUTDOWN_GRACE_SECONDS * 1000).unref())
	const outcome = await Promise.race([closed.then(() => 'drained' as const), deadline])
	clearInterval(idleSweep)
	if (outcome === 'deadline') server.closeAllConnections()
	logger.info('web.stopped', { outcome, ms: Date.now() - started })
	await stopDatabaseProbe().catch(() => {})
	await closeDb({ timeoutSeconds: 2 }).catch(() => {})
	process.exit(0)
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)
