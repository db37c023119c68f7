import type { TaskList } from 'graphile-worker'
import { appointmentReminderTask } from './appointment-reminder-task.ts'
import { processDocumentTask } from './process-document-task.ts'
import { pruneSessions } from './prune-sessions.ts'

/** Every job the worker runs, by identifier. */
export const taskList: TaskList = {
	prune_sessions: pruneSessions,
	process_document: processDocumentTask,
	appointment_reminder: appointmentReminderTask,
}

export const crontab = ['0 * * * * prune_sessions ?max=1'].join('\n')
