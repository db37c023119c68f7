import type { Task } from 'graphile-worker'
import { deliverAppointmentReminder } from '#server/appointments/index.ts'
import { logger } from '#server/logger.ts'
import { ReminderPayloadSchema } from '#server/queue/queue.ts'

/**
 * Writes an appointment's 24-hour or 1-hour reminder (queued, moved and
 * removed by the appointment's changes under one job key per reminder).
 * Skips, without error, a reminder whose appointment was deleted,
 * cancelled or moved since it was queued.
 */
export const appointmentReminderTask: Task = async (payload) => {
	const input = ReminderPayloadSchema.parse(payload)
	const outcome = await deliverAppointmentReminder(input)
	logger.info('jobs.appointment_reminder', { appointmentId: input.appointmentId, kind: input.kind, outcome })
}
