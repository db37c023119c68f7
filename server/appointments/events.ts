/**
 * Appointment events: rows in the tenant `notifications` table, written in
 * the same transaction as the change they announce (spec section 9 event
 * types appointment_confirmed, appointment_cancelled,
 * appointment_rescheduled, appointment_reminder). The notifications screen
 * reads them.
 */
import type { ReminderKey } from '#server/queue/queue.ts'
import { writeNotification } from '#server/notifications/index.ts'
import type { TenantTransaction } from '#server/tenancy/index.ts'
import type { Appointment } from '#server/appointments/shared/appointment.ts'
import { formatAppointmentDate, formatAppointmentTime } from '#server/appointments/shared/format.ts'
import { APPOINTMENT_EVENT_TEXTS } from '#server/appointments/shared/labels.ts'

export type AppointmentEventKind = 'confirmed' | 'cancelled' | 'rescheduled' | 'reminder'

export const APPOINTMENT_NOTIFICATION_TYPES = {
	confirmed: 'appointment_confirmed',
	cancelled: 'appointment_cancelled',
	rescheduled: 'appointment_rescheduled',
	reminder: 'appointment_reminder',
} as const satisfies Record<AppointmentEventKind, string>

type EventSubject = Pick<Appointment, 'id' | 'title' | 'provider' | 'startsAt' | 'timeZone'>

export function appointmentLink(appointmentId: string): string {
	return `/appointments/${appointmentId}`
}

/** Title and message of an event, with the time written in the appointment's zone. */
export function appointmentEventText(
	kind: AppointmentEventKind,
	appointment: EventSubject,
	reminderKey: ReminderKey = '24h',
): { title: string; message: string } {
	const what = `${appointment.title} with ${appointment.provider}`
	const time = formatAppointmentTime(appointment.startsAt, appointment.timeZone)
	const when = `${formatAppointmentDate(appointment.startsAt, appointment.timeZone)} at ${time}`
	if (kind === 'reminder') {
		const texts = APPOINTMENT_EVENT_TEXTS.reminder
		return { title: texts.title, message: texts.message(what, reminderKey === '1h' ? time : when, reminderKey) }
	}
	const texts = APPOINTMENT_EVENT_TEXTS[kind]
	return { title: texts.title, message: texts.message(what, when) }
}

export function appointmentEventRow(ownerId: string, kind: AppointmentEventKind, appointment: EventSubject, reminderKey?: ReminderKey) {
	return {
		ownerId,
		type: APPOINTMENT_NOTIFICATION_TYPES[kind],
		...appointmentEventText(kind, appointment, reminderKey),
		link: appointmentLink(appointment.id),
	}
}

/** Writes one event for the appointment's owner inside the caller's tenant transaction. */
export async function recordAppointmentEvent(
	tx: TenantTransaction,
	ownerId: string,
	kind: Exclude<AppointmentEventKind, 'reminder'>,
	appointment: EventSubject,
): Promise<void> {
	await writeNotification(tx, appointmentEventRow(ownerId, kind, appointment))
}
