/**
 * Reminder jobs: one graphile-worker job per appointment and reminder (24 h
 * and 1 h before the start), queued in the same tenant transaction as the
 * change. The job key `appointment-reminder:<id>:<24h|1h>` makes a
 * reschedule move the job (add_job with an existing key replaces it) and a
 * cancel or delete remove it. The job carries the start time it was
 * scheduled for; when it runs it writes the reminder only if the
 * appointment still exists, is not cancelled and still starts then, so no
 * stale reminder fires even if a key was missed.
 */
import { eq } from 'drizzle-orm'
import { appointments } from '#db/schema/tenant.ts'
import {
	enqueueAppointmentReminder,
	JOB_KEYS,
	removeAppointmentReminderJob,
	ReminderPayloadSchema,
	type ReminderKey,
	type ReminderPayload,
} from '#server/queue/queue.ts'
import { hasNotification, writeNotification } from '#server/notifications/index.ts'
import { withTenant, type TenantTransaction } from '#server/tenancy/index.ts'
import type { Appointment } from '#server/appointments/shared/appointment.ts'
import { appointmentEventRow } from './events.ts'
import { REMINDER_OFFSETS, reminderTimesFor, type ReminderKind } from './rules.ts'

const REMINDER_KEYS: Record<ReminderKind, ReminderKey> = { 'day-before': '24h', 'hour-before': '1h' }

export const reminderJobKey = JOB_KEYS.appointmentReminder

/**
 * Queues, moves or removes the appointment's reminder jobs so they match
 * its current start and status at `now`: reminders already past are not
 * queued (and an old job under their key is removed), a cancelled
 * appointment has none.
 */
export async function scheduleAppointmentReminders(
	tx: TenantTransaction,
	organizationId: string,
	appointment: Pick<Appointment, 'id' | 'status' | 'startsAt'> & { needsConfirmation?: boolean },
	now: Date,
): Promise<void> {
	// imported from a file and not confirmed by the patient: no reminders (imported-appointments.ts)
	const due = appointment.needsConfirmation ? [] : reminderTimesFor(appointment, now)
	for (const { kind } of REMINDER_OFFSETS) {
		const key = REMINDER_KEYS[kind]
		const reminder = due.find((candidate) => candidate.kind === kind)
		if (!reminder) {
			await removeAppointmentReminderJob(tx, appointment.id, key)
			continue
		}
		const payload: ReminderPayload = {
			organizationId,
			appointmentId: appointment.id,
			kind: key,
			startsAt: appointment.startsAt.toISOString(),
		}
		await enqueueAppointmentReminder(tx, payload, { runAt: reminder.remindAt })
	}
}

/** Removes both reminder jobs of an appointment (cancel, delete). */
export async function removeAppointmentReminders(tx: TenantTransaction, appointmentId: string): Promise<void> {
	for (const key of Object.values(REMINDER_KEYS)) {
		await removeAppointmentReminderJob(tx, appointmentId, key)
	}
}

export type ReminderOutcome = 'sent' | 'gone' | 'cancelled' | 'moved' | 'started' | 'duplicate' | 'unconfirmed'

/**
 * Runs one reminder job: writes the appointment_reminder notification when
 * the appointment is still there, not cancelled, not started, and starts at
 * the time the job was queued for. A retried job does not write twice.
 */
export async function deliverAppointmentReminder(payload: unknown, { now = new Date() }: { now?: Date } = {}): Promise<ReminderOutcome> {
	const input = ReminderPayloadSchema.parse(payload)
	return withTenant(input.organizationId, async (tx) => {
		const [appointment] = await tx
			.select({
				id: appointments.id,
				ownerId: appointments.ownerId,
				title: appointments.title,
				provider: appointments.provider,
				status: appointments.status,
				startsAt: appointments.startsAt,
				timeZone: appointments.timeZone,
				needsConfirmation: appointments.needsConfirmation,
			})
			.from(appointments)
			.where(eq(appointments.id, input.appointmentId))
		if (!appointment) return 'gone'
		if (appointment.needsConfirmation) return 'unconfirmed'
		if (appointment.status === 'cancelled') return 'cancelled'
		if (appointment.startsAt.getTime() !== new Date(input.startsAt).getTime()) return 'moved'
		if (appointment.startsAt.getTime() <= now.getTime()) return 'started'
		const row = appointmentEventRow(appointment.ownerId, 'reminder', appointment, input.kind)
		if (await hasNotification(tx, row)) return 'duplicate'
		await writeNotification(tx, row)
		return 'sent'
	})
}
