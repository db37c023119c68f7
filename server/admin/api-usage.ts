import { sql } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { apiCallCounts } from '#db/schema/platform.ts'
import { describeError, logger } from '#server/logger.ts'

/**
 * API calls (tRPC requests) per UTC day, for the admin dashboard. Each web
 * process counts in memory and adds its count to the day's row every few
 * seconds, so a request costs no database write.
 */
let pending = 0
let pendingDay = ''
let timer: NodeJS.Timeout | null = null
const FLUSH_MS = 5_000

function utcDay(now: Date) {
	return now.toISOString().slice(0, 10)
}

export function countApiCall(now = new Date()) {
	const day = utcDay(now)
	if (pendingDay && day !== pendingDay) void flushApiCalls()
	pendingDay = day
	pending += 1
	if (!timer) {
		timer = setTimeout(() => void flushApiCalls(), FLUSH_MS)
		timer.unref()
	}
}

export async function flushApiCalls() {
	if (timer) clearTimeout(timer)
	timer = null
	if (pending === 0) return
	const calls = pending
	const day = pendingDay
	pending = 0
	try {
		await getDb()
			.insert(apiCallCounts)
			.values({ day, calls })
			.onConflictDoUpdate({ target: apiCallCounts.day, set: { calls: sql`${apiCallCounts.calls} + ${calls}` } })
	} catch (error) {
		logger.warn('admin.api_usage_flush_failed', describeError(error))
	}
}

export async function apiCallsOn(day: Date) {
	const [row] = await getDb().execute<{ calls: number }>(sql`select calls from app.api_call_counts where day = ${utcDay(day)}::date`)
	return (row?.calls ?? 0) + (pendingDay === utcDay(day) ? pending : 0)
}
