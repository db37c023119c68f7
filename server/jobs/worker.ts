import { Logger, run, type Runner } from 'graphile-worker'
import { closeDb } from '#db/client.ts'
import { isDatabaseAvailable } from '#db/availability.ts'
import { stopExtractionProcesses } from '#server/extraction/index.ts'
import { getEnv } from '#server/env.server.ts'
import { describeError, logger } from '#server/logger.ts'
import { recordJobOutcome } from '#server/queue/job-outcomes.ts'
import { refundInterruptedJobs, wasInterrupted } from './interrupted-jobs.ts'
import { startWorkerRecovery } from './job-recovery.ts'
import { crontab, taskList } from './task-list.ts'
import { workerLogFactory } from './worker-log.ts'

/**
 * The worker process: graphile-worker's runner, kept running. A runner that
 * ends on its own (graphile-worker gives up when it cannot record a job's
 * end, as when the database's disk is full, or cannot start while the
 * database is down) is started again in this process after a back-off (1 s,
 * doubling to 30 s; back to 1 s after a minute of work) rather than taking
 * the process down; the jobs it held go back to the queue. Recording a job's
 * end is retried for minutes before that (batched completion, see run()).
 *
 * SIGTERM drains: no new jobs; running ones have SHUTDOWN_GRACE_SECONDS less
 * a margin to finish, then are aborted and go back to the queue without
 * using an attempt (interrupted-jobs.ts).
 */

const env = getEnv()
const connectionString = env.DATABASE_URL
if (!connectionString) {
	console.error('DATABASE_URL is not set: start the worker through npm run dev / npm start')
	process.exit(1)
}

const RESTART_FIRST_DELAY_MS = 1_000
const RESTART_MAX_DELAY_MS = 30_000
const RESTART_STABLE_MS = 60_000
/** Of the grace period, what is left for recording the aborted jobs and closing the pools. */
const SHUTDOWN_MARGIN_MS = 4_000

let isStopping = false
let runner: Runner | null = null
const stopped = new AbortController()
// Jobs of dead workers run again; this process's own can be told alive (job-recovery.ts).
const recovery = await startWorkerRecovery(connectionString)
// How each attempt ended, for System Health (a worker that runs but whose jobs all fail the same way is degraded).
const recordOutcome = (outcome: Parameters<typeof recordJobOutcome>[0]) =>
	void recordJobOutcome(outcome).catch((error: unknown) => logger.warn('worker.outcome_not_recorded', describeError(error)))
recovery.events.on('job:success', ({ job }) => recordOutcome({ task: job.task_identifier, jobId: job.id }))
recovery.events.on('job:error', ({ job, error }) => {
	if (!wasInterrupted(job.id)) recordOutcome({ task: job.task_identifier, jobId: job.id, error })
})

function startRunner() {
	return run({
		connectionString,
		events: recovery.events,
		concurrency: env.WORKER_CONCURRENCY,
		noHandleSignals: true,
		pollInterval: 2_000,
		// running jobs are aborted this long after a stop began (and go back to the queue)
		gracefulShutdownAbortTimeout: Math.max(1_000, env.SHUTDOWN_GRACE_SECONDS * 1000 - SHUTDOWN_MARGIN_MS),
		taskList,
		crontab,
		// A job's end is recorded in batches that retry with a back-off (20 tries, up to 30 s apart), not
		// once: a failed recording would otherwise be an unhandled rejection that ends the process.
		preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
		// Task failures' messages carry the error's text: worker-log.ts writes only the task, job, class and code.
		logger: new Logger(
			// On Ctrl-C the database stops alongside us: its goodbyes are not errors.
			// graphile-worker reconnects by itself after a database restart; that is not worth a warning.
			workerLogFactory((message) => isStopping || /administrator command|not queryable/.test(message)),
		),
	})
}

function pause(ms: number) {
	return new Promise<void>((resolve) => {
		const timer = setTimeout(resolve, ms)
		stopped.signal.addEventListener('abort', () => {
			clearTimeout(timer)
			resolve()
		})
	})
}

async function keepRunning() {
	let delay = RESTART_FIRST_DELAY_MS
	while (!isStopping) {
		const startedAt = Date.now()
		try {
			runner = await startRunner()
			logger.info('worker.started', { tasks: Object.keys(taskList) })
			await runner.promise
		} catch (error) {
			if (isStopping) break
			logger.error('worker.runner_failed', describeError(error))
		}
		runner = null
		if (isStopping) break
		if (Date.now() - startedAt >= RESTART_STABLE_MS) delay = RESTART_FIRST_DELAY_MS
		logger.warn('worker.runner_restarting', { restartInMs: delay })
		await pause(delay)
		delay = Math.min(RESTART_MAX_DELAY_MS, delay * 2)
		// what the ended runner held goes back to the queue (its recording may have failed)
		await recovery.releaseRunner().catch(() => {})
	}
}

async function shutdown() {
	if (isStopping) return
	isStopping = true
	stopped.abort()
	const started = Date.now()
	stopExtractionProcesses()
	// Without a database nothing can finish or be recorded: stop at once (its jobs are released when it is back).
	const canDrain = runner !== null && (await isDatabaseAvailable({ fresh: true }))
	if (runner && canDrain) {
		const deadline = new Promise<'deadline'>((resolve) => setTimeout(() => resolve('deadline'), env.SHUTDOWN_GRACE_SECONDS * 1000 - 1_000).unref())
		const outcome = await Promise.race([runner.stop().then(() => 'stopped' as const), deadline]).catch((error: unknown) => {
			logger.warn('worker.stop_failed', describeError(error))
			return 'failed' as const
		})
		if (outcome === 'deadline') logger.warn('worker.stop_deadline', {})
	}
	const refunded = await (canDrain ? refundInterruptedJobs() : Promise.resolve(0)).catch((error: unknown) => {
		logger.warn('worker.interrupted_release_failed', describeError(error))
		return 0
	})
	await recovery.stop().catch(() => {})
	await closeDb({ timeoutSeconds: 1 }).catch(() => {})
	logger.info('worker.stopped', { ms: Date.now() - started, interruptedJobs: refunded })
	process.exit(0)
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)
await keepRunning()
