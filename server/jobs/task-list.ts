import type { TaskList } from 'graphile-worker'
import { appointmentReminderTask } from './appointment-reminder-task.ts'
import { processDocumentTask } from './process-document-task.ts'
import { pruneSessions } from './prune-sessions.ts'
import { withRedactedTaskErrors } from './redacted-task.ts'

/** Every job the worker runs, by identifier; a failure keeps only its error's class and code (redacted-task.ts). */
export const taskList: TaskList = withRedactedTaskErrors({
	prune_sessions: pruneSessions,
	process_document: processDocumentTask,
	appointment_reminder: appointmentReminderTask,
})

export const crontab = ['0 * * * * prune_sessions ?max=1'].join('\n')
