import { getEnv } from '#server/env.server.ts'
import { logger } from '#server/logger.ts'
import { closeDb } from '#db/client.ts'
import { createHttpApp } from './app.ts'

const env = getEnv()
// Started by scripts/start.ts alongside the database: listen once it says the database is ready.
const databaseReady =
	env.WAIT_FOR_DATABASE && process.send
		? new Promise<void>((resolve) => process.on('message', (message) => message === 'database-ready' && resolve()))
		: Promise.resolve()
const app = await createHttpApp()
await databaseReady
const server = app.listen(env.PORT, env.HOST, () => {
	logger.info('web.listening', { port: env.PORT, mode: env.NODE_ENV })
})

async function shutdown() {
	server.close()
	await closeDb()
	process.exit(0)
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)
