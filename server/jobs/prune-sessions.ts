import type { Task } from 'graphile-worker'
import { deleteExpiredSessions } from '#server/auth/sessions.ts'
import { logger } from '#server/logger.ts'

/** Hourly: removes expired session rows. */
export const pruneSessions: Task = async () => {
	const removed = await deleteExpiredSessions()
	logger.info('jobs.prune_sessions', { removed })
}
