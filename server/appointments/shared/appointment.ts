/**
 * The appointment as the domain sees it, and its enumerations.
 * Browser-safe: shared by the forms, the list screen and server/appointments.
 */

export const APPOINTMENT_STATUSES = ['confirmed', 'pending', 'cancelled'] as const
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number]

/** Statuses a patient can choose when creating or editing an appointment. */
export const BOOKABLE_STATUSES = ['confirmed', 'pending'] as const
export type BookableStatus = (typeof BOOKABLE_STATUSES)[number]

export const APPOINTMENT_TYPES = ['checkup', 'specialist', 'vaccination', 'other'] as const
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number]
export const DEFAULT_APPOINTMENT_TYPE: AppointmentType = 'checkup'

export const DURATION_MINUTES_OPTIONS = [15, 30, 45, 60, 90, 120] as const
export type DurationMinutes = (typeof DURATION_MINUTES_OPTIONS)[number]
export const DEFAULT_DURATION_MINUTES: DurationMinutes = 30

export const APPOINTMENT_TABS = ['upcoming', 'today', 'past'] as const
export type AppointmentTab = (typeof APPOINTMENT_TABS)[number]

/** Earliest date the form accepts (spec section 9). */
export const EARLIEST_APPOINTMENT_DATE = '1900-01-01'

/** A calendar date without a zone, 'YYYY-MM-DD'. */
export type { LocalDate } from '#server/time/shared/zoned-time.ts'

export type Appointment = {
	id: string
	title: string
	provider: string
	specialty: string
	location: string | null
	type: AppointmentType
	status: AppointmentStatus
	/** The instant the appointment starts. */
	startsAt: Date
	durationMinutes: number
	/** The patient's IANA time zone when the appointment was booked, e.g. 'America/New_York'. */
	timeZone: string
	notes: string | null
	contactPhone: string | null
	contactEmail: string | null
	cancelReason: string | null
}

export function isAppointmentStatus(value: unknown): value is AppointmentStatus {
	return typeof value === 'string' && (APPOINTMENT_STATUSES as readonly string[]).includes(value)
}

export function isAppointmentType(value: unknown): value is AppointmentType {
	return typeof value === 'string' && (APPOINTMENT_TYPES as readonly string[]).includes(value)
}

export function isAllowedDuration(value: unknown): value is DurationMinutes {
	return typeof value === 'number' && (DURATION_MINUTES_OPTIONS as readonly number[]).includes(value)
}

export function isAppointmentTab(value: unknown): value is AppointmentTab {
	return typeof value === 'string' && (APPOINTMENT_TABS as readonly string[]).includes(value)
}
