import type { Task, TaskList } from 'graphile-worker'
import { getSql } from '#db/client.ts'
import { logger } from '#server/logger.ts'

/**
 * Jobs a shutdown interrupted: a task that fails once its abort signal
 * fired (graphile-worker fires it when the grace period of a stop runs out)
 * was cut, not broken. graphile-worker counts an attempt when it takes a job
 * and records the failure with a back-off; once the runner has stopped,
 * `refundInterruptedJobs` gives those jobs their attempt back and makes them
 * due at once, so a deploy never uses up a document's attempts.
 */
const interrupted = new Set<string>()

export const INTERRUPTED_JOB_NOTE = 'Interrupted by a shutdown; the attempt was not counted'

function trackInterruption(task: Task): Task {
	return async (payload, helpers) => {
		try {
			return await task(payload, helpers)
		} catch (error) {
			if (helpers.abortSignal?.aborted) interrupted.add(helpers.job.id)
			throw error
		}
	}
}

/** Whether a job's attempt was cut short by a stop (it does not count as the job failing). */
export function wasInterrupted(jobId: string) {
	return interrupted.has(jobId)
}

export function withInterruptionTracking(tasks: TaskList): TaskList {
	return Object.fromEntries(Object.entries(tasks).flatMap(([name, task]) => (task ? [[name, trackInterruption(task)]] : [])))
}

/** Gives the jobs interrupted in this process their attempt back (once their failure was recorded and they are unlocked); returns how many. */
export async function refundInterruptedJobs(): Promise<number> {
	if (interrupted.size === 0) return 0
	const ids = [...interrupted]
	const refunded = await getSql()<{ id: string }[]>`
		update graphile_worker._private_jobs
		set attempts = greatest(attempts - 1, 0), run_at = now(), last_error = ${INTERRUPTED_JOB_NOTE}
		where id = any(${ids}::bigint[]) and locked_by is null and attempts > 0
		returning id::text`
	for (const id of ids) interrupted.delete(id)
	if (refunded.length) logger.info('jobs.interrupted_released', { jobIds: refunded.map((row) => row.id) })
	return refunded.length
}
