import type { Task } from 'graphile-worker'
import { logger } from '#server/logger.ts'
import { pruneAttempts } from '#server/rate-limits/index.ts'

/** Hourly: removes rate-limit attempts older than any window. */
export const pruneRateLimitEventsTask: Task = async () => {
	const removed = await pruneAttempts()
	logger.info('jobs.prune_rate_limit_events', { removed })
}
