/**
 * The /appointments tabs (spec section 4): Upcoming shows appointments on or
 * after today's date, Today shows today's, Past those before today. "Date"
 * is the appointment's local calendar date and "today" is `now`'s date, both
 * in one zone: `timeZone` when given (the list screen passes the patient's
 * zone), otherwise each appointment's own zone. An appointment earlier today
 * is in Upcoming and Today, not in Past.
 *
 * The Upcoming tab's date header shows one day; previous / next move it by
 * one day and Today jumps back. Upcoming then lists appointments from the
 * shown day on. The shown day never goes before today (Upcoming holds no
 * past days), so 'previous' stops at today.
 */
import { isAppointmentTab, type Appointment, type AppointmentTab, type LocalDate } from '#server/appointments/shared/appointment.ts'
import { addDaysToLocalDate, isValidLocalDate, localDateOf } from '#server/time/shared/zoned-time.ts'

export type CalendarContext = {
	now: Date
	/** The zone whose calendar decides 'today'; default: each appointment's own zone. */
	timeZone?: string
}

type Dated = Pick<Appointment, 'startsAt' | 'timeZone'>

export const DEFAULT_APPOINTMENT_TAB: AppointmentTab = 'upcoming'

export function appointmentLocalDate(appointment: Dated, timeZone?: string): LocalDate {
	return localDateOf(appointment.startsAt, timeZone ?? appointment.timeZone)
}

export function todayForAppointment(appointment: Dated, { now, timeZone }: CalendarContext): LocalDate {
	return localDateOf(now, timeZone ?? appointment.timeZone)
}

export function isInAppointmentTab(appointment: Dated, tab: AppointmentTab, context: CalendarContext): boolean {
	const date = appointmentLocalDate(appointment, context.timeZone)
	const today = todayForAppointment(appointment, context)
	switch (tab) {
		case 'upcoming':
			return date >= today
		case 'today':
			return date === today
		case 'past':
			return date < today
	}
}

/**
 * The appointments of a tab, in display order: Upcoming and Today soonest
 * first, Past most recent first.
 */
export function appointmentsInTab<T extends Dated>(appointments: readonly T[], tab: AppointmentTab, context: CalendarContext): T[] {
	const direction = tab === 'past' ? -1 : 1
	return appointments
		.filter((appointment) => isInAppointmentTab(appointment, tab, context))
		.sort((a, b) => direction * (a.startsAt.getTime() - b.startsAt.getTime()))
}

/** The tab named in the URL, Upcoming when absent or unknown. */
export function parseAppointmentTab(value: string | null | undefined): AppointmentTab {
	const normalised = value?.trim().toLowerCase()
	return isAppointmentTab(normalised) ? normalised : DEFAULT_APPOINTMENT_TAB
}

export type DateHeaderStep = 'previous' | 'next' | 'today'

/** The Upcoming header's day after pressing previous, next or Today. */
export function stepShownDate(shownDate: LocalDate, step: DateHeaderStep, today: LocalDate): LocalDate {
	switch (step) {
		case 'previous': {
			const previous = addDaysToLocalDate(shownDate, -1)
			return previous < today ? today : previous
		}
		case 'next':
			return addDaysToLocalDate(shownDate < today ? today : shownDate, 1)
		case 'today':
			return today
	}
}

export function canStepShownDateBack(shownDate: LocalDate, today: LocalDate): boolean {
	return shownDate > today
}

/** The shown day from the URL: a valid date not before today, else today. */
export function parseShownDate(value: string | null | undefined, today: LocalDate): LocalDate {
	const trimmed = value?.trim() ?? ''
	return isValidLocalDate(trimmed) && trimmed > today ? trimmed : today
}

/** Upcoming appointments from the shown day on (the shown day is clamped to today). */
export function isInUpcomingFrom(appointment: Dated, shownDate: LocalDate, context: CalendarContext): boolean {
	const today = todayForAppointment(appointment, context)
	const from = shownDate > today ? shownDate : today
	return appointmentLocalDate(appointment, context.timeZone) >= from
}
