/**
 * What may happen to an appointment, and when (spec sections 2.9 and 4).
 *
 * Two notions of time:
 * - past (ended): start + duration is at or before `now`. A past appointment
 *   shows the 'Completed' badge and offers no Call or Join. An appointment in
 *   progress is not past, so Join still works during the visit.
 * - started: start is at or before `now`. Once an appointment has started it
 *   can no longer be cancelled, rescheduled or edited.
 * A cancelled appointment offers no cancel, reschedule or edit either.
 *
 * All functions take `now`; none reads the clock.
 */
import type { Appointment, LocalDate } from '#server/appointments/shared/appointment.ts'
import { buildTelHref } from '#server/appointments/shared/contact-links.ts'
import { RULE_MESSAGES } from '#server/appointments/shared/labels.ts'
import { refuse, type Refusal } from '#server/errors/shared/result.ts'
import { appointmentStatusBadge, type StatusBadge } from '#server/appointments/shared/status-badge.ts'
import { buildVideoJoinUrl } from './video-link.ts'
import { zonedDateTimeToInstant } from '#server/time/shared/zoned-time.ts'

const MINUTE_MS = 60_000

export function appointmentEndsAt(appointment: Pick<Appointment, 'startsAt' | 'durationMinutes'>): Date {
	return new Date(appointment.startsAt.getTime() + appointment.durationMinutes * MINUTE_MS)
}

export function hasAppointmentStarted(appointment: Pick<Appointment, 'startsAt'>, now: Date): boolean {
	return appointment.startsAt.getTime() <= now.getTime()
}

export function isPastAppointment(appointment: Pick<Appointment, 'startsAt' | 'durationMinutes'>, now: Date): boolean {
	return appointmentEndsAt(appointment).getTime() <= now.getTime()
}

export function isCancelledAppointment(appointment: Pick<Appointment, 'status'>): boolean {
	return appointment.status === 'cancelled'
}

type RuleSubject = Pick<Appointment, 'status' | 'startsAt'>

function isStillChangeable(appointment: RuleSubject, now: Date): boolean {
	return !isCancelledAppointment(appointment) && !hasAppointmentStarted(appointment, now)
}

export function canCancelAppointment(appointment: RuleSubject, now: Date): boolean {
	return isStillChangeable(appointment, now)
}

export function canRescheduleAppointment(appointment: RuleSubject, now: Date): boolean {
	return isStillChangeable(appointment, now)
}

export function canEditAppointment(appointment: RuleSubject, now: Date): boolean {
	return isStillChangeable(appointment, now)
}

/** The badge at `now` (see status-badge.ts for the cancelled-and-past choice). */
export function appointmentBadgeAt(appointment: Pick<Appointment, 'status' | 'startsAt' | 'durationMinutes'>, now: Date): StatusBadge {
	return appointmentStatusBadge(appointment.status, { isPast: isPastAppointment(appointment, now) })
}

export type ReminderKind = 'day-before' | 'hour-before'
export type Reminder = { kind: ReminderKind; remindAt: Date }

export const REMINDER_OFFSETS: ReadonlyArray<{ kind: ReminderKind; minutesBefore: number }> = [
	{ kind: 'day-before', minutesBefore: 24 * 60 },
	{ kind: 'hour-before', minutesBefore: 60 },
]

/**
 * The reminders to schedule at `now`: 24 hours and 1 hour before the start
 * (exact elapsed time, so a DST change in between does not shift them), in
 * time order. Those already in the past at `now` are skipped (one due
 * exactly at `now` is kept); a cancelled appointment gets none.
 */
export function reminderTimesFor(appointment: Pick<Appointment, 'status' | 'startsAt'>, now: Date): Reminder[] {
	if (isCancelledAppointment(appointment)) return []
	return REMINDER_OFFSETS.map(({ kind, minutesBefore }) => ({
		kind,
		remindAt: new Date(appointment.startsAt.getTime() - minutesBefore * MINUTE_MS),
	})).filter((reminder) => reminder.remindAt.getTime() >= now.getTime())
}

/** Why a change is refused: the appointment's state (conflict), or the new time (invalid, about the date field). */
export type RuleRefusal = Refusal<'cancelled' | 'started' | 'new-time-in-past' | 'same-time', 'date'>

/** The refusal of a change to an appointment that is cancelled or has started. */
export function refusalFor(appointment: Pick<Appointment, 'status'>): RuleRefusal {
	return isCancelledAppointment(appointment)
		? refuse('conflict', 'cancelled', RULE_MESSAGES.alreadyCancelled)
		: refuse('conflict', 'started', RULE_MESSAGES.alreadyStarted)
}

/** A new time in the past. */
export function newTimeInPastRefusal(): RuleRefusal {
	return refuse('invalid', 'new-time-in-past', RULE_MESSAGES.newTimeInPast, 'date')
}

/** The cancelled appointment, or why it cannot be cancelled. A blank reason is stored as null. */
export function cancelAppointment<T extends Appointment>(
	appointment: T,
	{ reason }: { reason?: string | null },
	now: Date,
): { ok: true; appointment: T } | RuleRefusal {
	if (!canCancelAppointment(appointment, now)) return refusalFor(appointment)
	const trimmed = reason?.trim()
	return { ok: true, appointment: { ...appointment, status: 'cancelled', cancelReason: trimmed ? trimmed : null } }
}

/** One line of an appointment's reschedule history (the history is kept, never overwritten). */
export type RescheduleHistoryEntry = {
	appointmentId: string
	previousStartsAt: Date
	previousTimeZone: string
	newStartsAt: Date
	newTimeZone: string
	reason: string | null
	rescheduledAt: Date
}

export type RescheduleInput = {
	date: LocalDate
	time: string
	/** Default: the appointment's zone. */
	timeZone?: string
	reason?: string | null
}

/**
 * The appointment moved to a new local date and time, with the history entry
 * to append; or why not (cancelled, already started, new time not in the
 * future, same time). Status and everything else are kept.
 */
export function rescheduleAppointment<T extends Appointment>(
	appointment: T,
	input: RescheduleInput,
	now: Date,
): { ok: true; appointment: T; historyEntry: RescheduleHistoryEntry } | RuleRefusal {
	if (!canRescheduleAppointment(appointment, now)) return refusalFor(appointment)
	const timeZone = input.timeZone ?? appointment.timeZone
	const newStartsAt = zonedDateTimeToInstant(input.date, input.time, timeZone)
	if (newStartsAt.getTime() <= now.getTime()) return newTimeInPastRefusal()
	if (newStartsAt.getTime() === appointment.startsAt.getTime()) return refuse('invalid', 'same-time', RULE_MESSAGES.sameTime, 'date')
	const trimmedReason = input.reason?.trim()
	return {
		ok: true,
		appointment: { ...appointment, startsAt: newStartsAt, timeZone },
		historyEntry: {
			appointmentId: appointment.id,
			previousStartsAt: appointment.startsAt,
			previousTimeZone: appointment.timeZone,
			newStartsAt,
			newTimeZone: timeZone,
			reason: trimmedReason ? trimmedReason : null,
			rescheduledAt: now,
		},
	}
}

export type AppointmentCardActions = {
	/** tel: link for Call, or null when the button is hidden. */
	callHref: string | null
	/** Video address for Join, or null when the button is hidden. */
	joinHref: string | null
	canReschedule: boolean
	canCancel: boolean
	canEdit: boolean
}

/**
 * What a card (and the detail page) offers at `now`. Call and Join appear on
 * upcoming appointments (not cancelled, not ended) that have a contact
 * (phone or e-mail); Call also needs a usable phone number, Join a configured
 * video base URL.
 */
export function appointmentCardActions(appointment: Appointment, { now, videoBaseUrl }: { now: Date; videoBaseUrl: string | null }): AppointmentCardActions {
	const isUpcoming = !isCancelledAppointment(appointment) && !isPastAppointment(appointment, now)
	const hasContact = Boolean(appointment.contactPhone?.trim() || appointment.contactEmail?.trim())
	const offersContactButtons = isUpcoming && hasContact
	return {
		callHref: offersContactButtons ? buildTelHref(appointment.contactPhone) : null,
		joinHref: offersContactButtons && videoBaseUrl ? buildVideoJoinUrl(videoBaseUrl, appointment.id) : null,
		canReschedule: canRescheduleAppointment(appointment, now),
		canCancel: canCancelAppointment(appointment, now),
		canEdit: canEditAppointment(appointment, now),
	}
}
