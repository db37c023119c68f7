import type { Task } from 'graphile-worker'
import { scheduleNextPortalSync, syncPortalConnection } from '#server/portals/index.ts'
import { logger } from '#server/logger.ts'
import { PortalSyncPayloadSchema } from '#server/queue/queue.ts'

/**
 * One portal connection's sync (server/portals/sync.ts), queued by Connect, Sync now and the
 * daily refresh each sync schedules; graphile-worker's named queue runs them one at a time. An
 * unexpected error is retried by the queue; after the last attempt the next day's sync is queued.
 */
export const portalSyncTask: Task = async (payload, helpers) => {
	const input = PortalSyncPayloadSchema.parse(payload)
	const started = Date.now()
	try {
		const outcome = await syncPortalConnection(input)
		logger.info('jobs.portal_sync', { connectionId: input.connectionId, outcome, attempt: helpers.job.attempts, ms: Date.now() - started })
	} catch (error) {
		if (helpers.job.attempts >= helpers.job.max_attempts) await scheduleNextPortalSync(input)
		throw error
	}
}
