import { Logger, run } from 'graphile-worker'
import { closeDb } from '#db/client.ts'
import { stopExtractionProcesses } from '#server/extraction/index.ts'
import { getEnv } from '#server/env.server.ts'
import { logger } from '#server/logger.ts'
import { startWorkerRecovery } from './job-recovery.ts'
import { crontab, taskList } from './task-list.ts'
import { workerLogFactory } from './worker-log.ts'

const env = getEnv()
const connectionString = env.DATABASE_URL
if (!connectionString) {
	console.error('DATABASE_URL is not set: start the worker through npm run dev / npm start')
	process.exit(1)
}

let isStopping = false
// Jobs of dead workers run again; this process's own can be told alive (job-recovery.ts).
const recovery = await startWorkerRecovery(connectionString)
const runner = await run({
	connectionString,
	events: recovery.events,
	concurrency: env.WORKER_CONCURRENCY,
	noHandleSignals: true,
	pollInterval: 2_000,
	taskList,
	crontab,
	// Task failures' messages carry the error's text: worker-log.ts writes only the task, job, class and code.
	logger: new Logger(
		// On Ctrl-C the database stops alongside us: its goodbyes are not errors.
		// graphile-worker reconnects by itself after a database restart; that is not worth a warning.
		workerLogFactory((message) => isStopping || /administrator command|not queryable/.test(message)),
	),
})
logger.info('worker.started', { tasks: Object.keys(taskList) })

async function shutdown() {
	if (isStopping) return
	isStopping = true
	stopExtractionProcesses()
	await runner.stop()
	await recovery.stop()
	await closeDb()
	process.exit(0)
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)
await runner.promise
