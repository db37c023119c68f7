import type { Task } from 'graphile-worker'
import { failStrandedDocuments } from '#server/documents/index.ts'
import { logger } from '#server/logger.ts'
import { releaseJobsOfDeadWorkers } from './job-recovery.ts'

/**
 * Every minute: jobs left locked by a worker process that died run again
 * (job-recovery.ts), and documents left waiting or processing with no job
 * that will run them are marked failed, so their owners can retry them.
 */
export const releaseDeadWorkerJobsTask: Task = async () => {
	await releaseJobsOfDeadWorkers()
	const failedDocuments = await failStrandedDocuments()
	if (failedDocuments) logger.warn('jobs.stranded_documents_failed', { failedDocuments })
}
