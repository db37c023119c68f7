import { sql } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { jobOutcomes } from '#db/schema/platform.ts'
import { describeError } from '#server/logger.ts'

/**
 * How each job attempt ended, so an administrator sees a worker that is
 * alive but cannot work (every document failing the same way). The table
 * (`app.job_outcomes`) keeps the last JOB_OUTCOMES_KEPT attempts of each
 * task; the worker writes one row per attempt (success or failure).
 */
export const JOB_OUTCOMES_KEPT = 50
/** This many attempts of a task in a row failing with the same error make the worker 'degraded'. */
export const DEGRADED_AFTER_FAILURES = 5
/** Failures older than this no longer count: the worker has not had that work since. */
const DEGRADED_WINDOW_HOURS = 24

/** Records one attempt's end: the error's code and, when it is a text of our own, its message (never a statement or a value). */
export async function recordJobOutcome(outcome: { task: string; jobId: string; error?: unknown }) {
	const description = outcome.error === undefined ? null : describeError(outcome.error)
	await getDb().transaction(async (tx) => {
		await tx.insert(jobOutcomes).values({
			task: outcome.task,
			jobId: outcome.jobId,
			succeeded: description === null,
			errorCode: description ? (description.errorCode ?? description.errorName) : null,
			errorMessage: description?.errorMessage?.slice(0, 300) ?? null,
		})
		await tx.execute(sql`
			delete from app.job_outcomes where task = ${outcome.task} and id < (
				select id from app.job_outcomes where task = ${outcome.task} order by id desc offset ${JOB_OUTCOMES_KEPT - 1} limit 1)`)
	})
}

export type RepeatedJobFailure = {
	task: string
	/** the error's code (or class) all of them share */
	errorCode: string
	errorMessage: string | null
	failures: number
	lastFailedAt: string
}

/**
 * Tasks whose last DEGRADED_AFTER_FAILURES attempts (within a day) all
 * failed with the same error: the worker runs, but cannot do that work.
 */
export async function repeatedJobFailures(): Promise<RepeatedJobFailure[]> {
	const rows = await getDb().execute<{ task: string; errorCode: string; errorMessage: string | null; failures: number; lastFailedAt: Date }>(sql`
		with recent as (
			select task, succeeded, error_code, error_message, finished_at,
				row_number() over (partition by task order by id desc) as position
			from app.job_outcomes
		)
		select task, min(error_code) as "errorCode", max(error_message) as "errorMessage", count(*)::int as failures, max(finished_at) as "lastFailedAt"
		from recent
		where position <= ${DEGRADED_AFTER_FAILURES}
		group by task
		having count(*) = ${DEGRADED_AFTER_FAILURES} and bool_and(not succeeded) and count(distinct error_code) = 1
			and max(finished_at) > now() - make_interval(hours => ${DEGRADED_WINDOW_HOURS})
		order by max(finished_at) desc`)
	return rows.map((row) => ({ ...row, lastFailedAt: new Date(row.lastFailedAt).toISOString() }))
}
