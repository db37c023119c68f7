import { and, count, eq, gt, lte, sql } from 'drizzle-orm'
import { getDb, type Executor } from '#db/client.ts'
import { rateLimitEvents } from '#db/schema/platform.ts'

/** Advisory lock class for "one bucket and subject's attempts" (the second key hashes both). */
const ATTEMPT_LOCK_CLASS = 7_320

/** One limit: at most `max` attempts of `bucket` per subject within `windowMinutes`. */
export type AttemptLimit = { bucket: string; max: number; windowMinutes: number }

/**
 * Takes one attempt of a limit for a subject, in one step for parallel
 * requests (count-then-insert under a per-bucket-and-subject advisory lock,
 * as in decision 004): the attempt's id and how many attempts the window
 * has left after it, or null when the window already holds `max` attempts
 * (the caller refuses, checking nothing). Rows older
 * than the window are pruned on the way. Given the caller's transaction, the
 * attempt commits (or rolls back) with it.
 */
export async function takeAttempt(limit: AttemptLimit, subject: string, executor: Executor = getDb()): Promise<{ id: string; remaining: number } | null> {
	return executor.transaction(async (tx) => {
		await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(ATTEMPT_LOCK_CLASS))}, hashtext(${`${limit.bucket}:${subject}`}))`)
		const since = sql`now() - make_interval(mins => ${limit.windowMinutes})`
		await tx
			.delete(rateLimitEvents)
			.where(and(eq(rateLimitEvents.bucket, limit.bucket), eq(rateLimitEvents.subject, subject), lte(rateLimitEvents.createdAt, since)))
		const [{ taken }] = await tx
			.select({ taken: count() })
			.from(rateLimitEvents)
			.where(and(eq(rateLimitEvents.bucket, limit.bucket), eq(rateLimitEvents.subject, subject), gt(rateLimitEvents.createdAt, since)))
		if (taken >= limit.max) return null
		const [row] = await tx.insert(rateLimitEvents).values({ bucket: limit.bucket, subject }).returning({ id: rateLimitEvents.id })
		return { id: row!.id, remaining: limit.max - taken - 1 }
	})
}

/** Gives an attempt back (a right password is no failed guess). */
export async function giveBackAttempt(attemptId: string, executor: Executor = getDb()) {
	await executor.delete(rateLimitEvents).where(eq(rateLimitEvents.id, attemptId))
}

/** Clears a subject's attempts of a bucket (a right password from the address ends its count). */
export async function clearAttempts(bucket: string, subject: string, executor: Executor = getDb()) {
	await executor.delete(rateLimitEvents).where(and(eq(rateLimitEvents.bucket, bucket), eq(rateLimitEvents.subject, subject)))
}

/** Clears the attempts of a bucket of every subject that starts with `prefix` (an account's, from every address). */
export async function clearAttemptsByPrefix(bucket: string, prefix: string, executor: Executor = getDb()) {
	await executor.delete(rateLimitEvents).where(and(eq(rateLimitEvents.bucket, bucket), sql`starts_with(${rateLimitEvents.subject}, ${prefix})`))
}

/** How many attempts of a bucket a subject made within the window (no lock: for reading only). */
export async function countAttempts(limit: Pick<AttemptLimit, 'bucket' | 'windowMinutes'>, subject: string, executor: Executor = getDb()) {
	const [{ taken }] = await executor
		.select({ taken: count() })
		.from(rateLimitEvents)
		.where(
			and(
				eq(rateLimitEvents.bucket, limit.bucket),
				eq(rateLimitEvents.subject, subject),
				gt(rateLimitEvents.createdAt, sql`now() - make_interval(mins => ${limit.windowMinutes})`),
			),
		)
	return taken
}

/** No limit counts further back than this (the longest window is a day). */
export const LONGEST_WINDOW_MINUTES = 2 * 24 * 60

/**
 * Deletes attempts older than any window (the hourly `prune_rate_limit_events`
 * task): a subject that never comes back (a guessed address) leaves no rows for good.
 */
export async function pruneAttempts(executor: Executor = getDb()) {
	const removed = await executor
		.delete(rateLimitEvents)
		.where(lte(rateLimitEvents.createdAt, sql`now() - make_interval(mins => ${LONGEST_WINDOW_MINUTES})`))
		.returning({ id: rateLimitEvents.id })
	return removed.length
}
