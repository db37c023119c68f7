import type { TaskList } from 'graphile-worker'
import { appointmentReminderTask } from './appointment-reminder-task.ts'
import { processDocumentTask } from './process-document-task.ts'
import { pruneSessions } from './prune-sessions.ts'
import { releaseDeadWorkerJobsTask } from './release-dead-worker-jobs-task.ts'
import { sweepUploadTempFilesTask } from './sweep-upload-temp-files.ts'
import { withRedactedTaskErrors } from './redacted-task.ts'

/** Every job the worker runs, by identifier; a failure keeps only its error's class and code (redacted-task.ts). */
export const taskList: TaskList = withRedactedTaskErrors({
	prune_sessions: pruneSessions,
	process_document: processDocumentTask,
	appointment_reminder: appointmentReminderTask,
	release_dead_worker_jobs: releaseDeadWorkerJobsTask,
	sweep_upload_temp_files: sweepUploadTempFilesTask,
})

export const crontab = [
	'0 * * * * prune_sessions ?max=1',
	'* * * * * release_dead_worker_jobs ?max=1',
	'30 * * * * sweep_upload_temp_files ?max=1',
].join('\n')
