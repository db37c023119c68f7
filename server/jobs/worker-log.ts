/**
 * graphile-worker's log messages, made fit for our logs. Its messages embed
 * the failed task's error message and stack ("Failed task 12
 * (process_document, ...) with error 'insert into ... params: ...'"), so the
 * message itself is never written: only its opening words, the task, the job
 * id and attempt, and the error's class and code.
 */
import type { LogFunctionFactory } from 'graphile-worker'
import { describeError, logger } from '#server/logger.ts'

type WorkerScope = { label?: string; workerId?: string; taskIdentifier?: string; jobId?: string }
type JobMeta = { id?: unknown; task_identifier?: unknown; attempts?: unknown; max_attempts?: unknown }

/** The words a graphile-worker message opens with, before any number, quote or detail ('Failed task'). */
export function workerMessageSummary(message: string): string | undefined {
	const opening = message.split(/[:'"`(;[{$\d\n\r]/, 1)[0]!.trim()
	return /^[A-Za-z][A-Za-z ]{0,79}$/.test(opening) ? opening : undefined
}

/** The fields our log writes for one graphile-worker message. */
export function workerLogFields(level: string, message: string, meta: Record<string, unknown> = {}, scope: WorkerScope = {}) {
	const job = (typeof meta.job === 'object' && meta.job !== null ? meta.job : {}) as JobMeta
	const error = meta.error ?? meta.fatalError
	return {
		workerLevel: level,
		workerMessage: workerMessageSummary(message),
		taskIdentifier: scope.taskIdentifier ?? (typeof job.task_identifier === 'string' ? job.task_identifier : undefined),
		jobId: scope.jobId ?? (job.id === undefined ? undefined : String(job.id)),
		attempt: typeof job.attempts === 'number' ? job.attempts : undefined,
		maxAttempts: typeof job.max_attempts === 'number' ? job.max_attempts : undefined,
		durationMs: typeof meta.duration === 'number' ? Math.round(meta.duration) : undefined,
		...(error === undefined ? {} : describeError(error)),
	}
}

/**
 * The worker's log function: errors and warnings only (as warnings: the
 * worker retries), through our logger. `shouldSkip` drops the database's
 * goodbyes on shutdown and reconnect notices.
 */
export function workerLogFactory(shouldSkip: (message: string) => boolean): LogFunctionFactory {
	return (scope) => (level, message, meta) => {
		if (shouldSkip(message)) return
		if (level === 'error' || level === 'warning') logger.warn('worker.log', workerLogFields(level, message, meta, scope))
	}
}
