import { getEnv } from '#server/env.server.ts'
import { logger } from '#server/logger.ts'
import { closeDb } from '#db/client.ts'
import { createHttpApp } from './app.ts'

const env = getEnv()
const app = await createHttpApp()
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
