import type { Task } from 'graphile-worker'
import { releaseJobsOfDeadWorkers } from './job-recovery.ts'

/** Every minute: jobs left locked by a worker process that died run again (job-recovery.ts). */
export const releaseDeadWorkerJobsTask: Task = async () => {
	await releaseJobsOfDeadWorkers()
}
