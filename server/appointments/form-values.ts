/**
 * Between the appointment form's values and the stored appointment: the
 * form's local date and time in the patient's zone become an instant, and
 * back for the edit form's initial values.
 */
import type { Appointment } from '#server/appointments/shared/appointment.ts'
import type { AppointmentFormValue } from '#server/appointments/shared/appointment-form-schema.ts'
import { instantToZonedDateTime, resolveLocalDateTime, type LocalDateTimeResolution } from '#server/time/shared/zoned-time.ts'

export type AppointmentFields = Omit<Appointment, 'id' | 'cancelReason'>

/**
 * The fields to store for a validated form. The zone is the form's hidden
 * `timeZone` when sent, else `fallbackTimeZone` (the patient's stored zone).
 * `timeResolution` is 'skipped' or 'repeated' when the wall-clock time fell
 * in a DST gap or overlap (see zoned-time.ts for how it was resolved).
 */
export function appointmentFieldsFromForm(
	form: AppointmentFormValue,
	{ fallbackTimeZone }: { fallbackTimeZone: string },
): { fields: AppointmentFields; timeResolution: LocalDateTimeResolution } {
	const timeZone = form.timeZone ?? fallbackTimeZone
	const { instant, resolution } = resolveLocalDateTime(form.date, form.time, timeZone)
	return {
		fields: {
			title: form.title,
			provider: form.provider,
			specialty: form.specialty,
			location: form.location ?? null,
			type: form.type,
			status: form.status,
			startsAt: instant,
			durationMinutes: form.durationMinutes,
			timeZone,
			notes: form.notes ?? null,
			contactPhone: form.contactPhone ?? null,
			contactEmail: form.contactEmail ?? null,
		},
		timeResolution: resolution,
	}
}

/** The edit form's initial values (all strings, as form fields hold them). */
export function appointmentFormDefaults(appointment: Appointment): Record<string, string> {
	const { date, time } = instantToZonedDateTime(appointment.startsAt, appointment.timeZone)
	return {
		title: appointment.title,
		provider: appointment.provider,
		location: appointment.location ?? '',
		specialty: appointment.specialty,
		durationMinutes: String(appointment.durationMinutes),
		status: appointment.status,
		date,
		time,
		type: appointment.type,
		notes: appointment.notes ?? '',
		contactPhone: appointment.contactPhone ?? '',
		contactEmail: appointment.contactEmail ?? '',
		timeZone: appointment.timeZone,
	}
}
