import type { Task, TaskList } from 'graphile-worker'
import { appointmentReminderTask } from './appointment-reminder-task.ts'
import { buildDataExportTask } from './build-data-export-task.ts'
import { billingTransitionsTask } from './billing-transitions-task.ts'
import { deleteExpiredExportsTask } from './delete-expired-exports-task.ts'
import { portalSyncTask } from './portal-sync-task.ts'
import { processDocumentTask } from './process-document-task.ts'
import { pruneRateLimitEventsTask } from './prune-rate-limit-events-task.ts'
import { pruneSessions } from './prune-sessions.ts'
import { releaseDeadWorkerJobsTask } from './release-dead-worker-jobs-task.ts'
import { sendEmailTask } from './send-email-task.ts'
import { sweepUploadTempFilesTask } from './sweep-upload-temp-files.ts'
import { TASKS, type TaskName } from '#server/queue/queue.ts'
import { withRedactedTaskErrors } from './redacted-task.ts'
import { withInterruptionTracking } from './interrupted-jobs.ts'

/**
 * Every job the worker runs, by identifier; a failure keeps only its error's class and code (redacted-task.ts),
 * and a job a stop cut short gets its attempt back (interrupted-jobs.ts).
 */
export const taskList: TaskList = withInterruptionTracking(
	withRedactedTaskErrors({
		[TASKS.pruneSessions]: pruneSessions,
		[TASKS.processDocument]: processDocumentTask,
		[TASKS.appointmentReminder]: appointmentReminderTask,
		[TASKS.releaseDeadWorkerJobs]: releaseDeadWorkerJobsTask,
		[TASKS.sweepUploadTempFiles]: sweepUploadTempFilesTask,
		[TASKS.sendEmail]: sendEmailTask,
		[TASKS.buildDataExport]: buildDataExportTask,
		[TASKS.billingTransitions]: billingTransitionsTask,
		[TASKS.deleteExpiredExports]: deleteExpiredExportsTask,
		[TASKS.pruneRateLimitEvents]: pruneRateLimitEventsTask,
		[TASKS.portalSync]: portalSyncTask,
	} satisfies Record<TaskName, Task>),
)

export const crontab = [
	`0 * * * * ${TASKS.pruneSessions} ?max=1`,
	`* * * * * ${TASKS.releaseDeadWorkerJobs} ?max=1`,
	`30 * * * * ${TASKS.sweepUploadTempFiles} ?max=1`,
	// graphile-worker's cron runs each tick once across all workers (its known_crontabs row lock)
	`*/10 * * * * ${TASKS.billingTransitions} ?max=1`,
	`*/10 * * * * ${TASKS.deleteExpiredExports} ?max=1`,
	`45 * * * * ${TASKS.pruneRateLimitEvents} ?max=1`,
].join('\n')
