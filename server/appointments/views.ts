/**
 * What the screens show, computed on the server in the patient's zone so
 * server and browser render the same text: list cards and the detail page.
 * Plain strings and booleans only (no Dates), ready to serialise.
 */
import type { Appointment, AppointmentStatus, LocalDate } from '#server/appointments/shared/appointment.ts'
import { buildMailtoHref, buildTelHref } from '#server/appointments/shared/contact-links.ts'
import {
	formatAppointmentCardDate,
	formatAppointmentTime,
	formatAppointmentTimeAndDuration,
	formatDuration,
	formatLocalDateLong,
} from '#server/appointments/shared/format.ts'
import { APPOINTMENT_TYPE_LABELS } from '#server/appointments/shared/labels.ts'
import type { StatusBadge } from '#server/appointments/shared/status-badge.ts'
import { localDateOf } from '#server/time/shared/zoned-time.ts'
import type { AppointmentChange, AppointmentWithHistory } from './appointment-store.ts'
import {
	appointmentBadgeAt,
	appointmentCardActions,
	canCancelAppointment,
	canEditAppointment,
	canRescheduleAppointment,
	isCancelledAppointment,
	isPastAppointment,
} from './rules.ts'
import { buildVideoJoinUrl } from './video-link.ts'

export type ViewContext = {
	now: Date
	/** The patient's zone: every date and time on screen is in it. */
	timeZone: string
	videoBaseUrl: string | null
}

export type AppointmentCardView = {
	id: string
	title: string
	specialty: string
	provider: string
	location: string | null
	status: AppointmentStatus
	badge: StatusBadge
	/** 'Wednesday, March 5' or 'Wednesday, March 5 (Today)'. */
	dateText: string
	/** '2:30 PM · 30 minutes'. */
	timeText: string
	isPast: boolean
	callHref: string | null
	joinHref: string | null
	canCancel: boolean
	canReschedule: boolean
}

export function toAppointmentCardView(appointment: Appointment, { now, timeZone, videoBaseUrl }: ViewContext): AppointmentCardView {
	const actions = appointmentCardActions(appointment, { now, videoBaseUrl })
	return {
		id: appointment.id,
		title: appointment.title,
		specialty: appointment.specialty,
		provider: appointment.provider,
		location: appointment.location,
		status: appointment.status,
		badge: appointmentBadgeAt(appointment, now),
		dateText: formatAppointmentCardDate(appointment.startsAt, timeZone, now),
		timeText: formatAppointmentTimeAndDuration(appointment.startsAt, timeZone, appointment.durationMinutes),
		isPast: isPastAppointment(appointment, now),
		callHref: actions.callHref,
		joinHref: actions.joinHref,
		canCancel: actions.canCancel,
		canReschedule: actions.canReschedule,
	}
}

export type AppointmentHistoryView = {
	id: string
	kind: AppointmentChange['kind']
	/** When it was before the change: 'Wednesday, March 5, 2026 at 2:30 PM'. */
	previousText: string
	/** The new time of a reschedule, null for a cancellation. */
	newText: string | null
	reason: string | null
	/** When the change was made. */
	changedText: string
}

export type AppointmentDetailView = {
	id: string
	title: string
	typeLabel: string
	durationText: string
	specialty: string
	provider: string
	location: string | null
	notes: string | null
	status: AppointmentStatus
	badge: StatusBadge
	/** 'Wednesday, March 5, 2026'. */
	dateText: string
	/** '2:30 PM'. */
	timeText: string
	localDate: LocalDate
	timeZone: string
	contactPhone: string | null
	telHref: string | null
	contactEmail: string | null
	mailtoHref: string | null
	cancelReason: string | null
	isPast: boolean
	isCancelled: boolean
	canEdit: boolean
	canCancel: boolean
	canReschedule: boolean
	/** Start Video Call: for an appointment not cancelled and not over. */
	joinHref: string | null
	history: AppointmentHistoryView[]
}

function dateTimeText(instant: Date, timeZone: string): string {
	return `${formatLocalDateLong(localDateOf(instant, timeZone), { withYear: true })} at ${formatAppointmentTime(instant, timeZone)}`
}

export function toAppointmentDetailView(appointment: AppointmentWithHistory, { now, timeZone, videoBaseUrl }: ViewContext): AppointmentDetailView {
	const isPast = isPastAppointment(appointment, now)
	const isCancelled = isCancelledAppointment(appointment)
	const localDate = localDateOf(appointment.startsAt, timeZone)
	return {
		id: appointment.id,
		title: appointment.title,
		typeLabel: APPOINTMENT_TYPE_LABELS[appointment.type] ?? appointment.type,
		durationText: formatDuration(appointment.durationMinutes),
		specialty: appointment.specialty,
		provider: appointment.provider,
		location: appointment.location,
		notes: appointment.notes,
		status: appointment.status,
		badge: appointmentBadgeAt(appointment, now),
		dateText: formatLocalDateLong(localDate, { withYear: true }),
		timeText: formatAppointmentTime(appointment.startsAt, timeZone),
		localDate,
		timeZone,
		contactPhone: appointment.contactPhone,
		telHref: buildTelHref(appointment.contactPhone),
		contactEmail: appointment.contactEmail,
		mailtoHref: buildMailtoHref(appointment.contactEmail),
		cancelReason: appointment.cancelReason,
		isPast,
		isCancelled,
		canEdit: canEditAppointment(appointment, now),
		canCancel: canCancelAppointment(appointment, now),
		canReschedule: canRescheduleAppointment(appointment, now),
		joinHref: !isPast && !isCancelled && videoBaseUrl ? buildVideoJoinUrl(videoBaseUrl, appointment.id) : null,
		history: appointment.history.map((change) => ({
			id: change.id,
			kind: change.kind,
			previousText: dateTimeText(change.previousStartsAt, timeZone),
			newText: change.newStartsAt ? dateTimeText(change.newStartsAt, timeZone) : null,
			reason: change.reason,
			changedText: dateTimeText(change.createdAt, timeZone),
		})),
	}
}
