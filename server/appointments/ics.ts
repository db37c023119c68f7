/**
 * iCalendar (RFC 5545) for one appointment (.ics download) and for the
 * private calendar feed of all of a patient's appointments.
 *
 * - UID is '<appointment id>@<uidDomain>', stable for the appointment's life,
 *   so calendar clients update rather than duplicate an event; SEQUENCE
 *   (when the caller passes one) lets them order updates.
 * - DTSTART / DTEND / DTSTAMP are UTC ('Z' form); clients show them in the
 *   viewer's zone.
 * - STATUS: confirmed CONFIRMED, pending TENTATIVE, cancelled CANCELLED.
 * - TEXT values escape '\', ';', ',' and newlines (section 3.3.11); other
 *   control characters are dropped.
 * - Lines end in CRLF and are folded at 75 octets (section 3.1) without
 *   splitting a UTF-8 character.
 * - CLASS:PRIVATE (health data); VALARMs 24 h and 1 h before, matching the
 *   app's reminders, for appointments that are not cancelled.
 */
import { APPOINTMENT_TYPE_LABELS } from '#server/appointments/shared/labels.ts'
import type { Appointment, AppointmentStatus } from '#server/appointments/shared/appointment.ts'
import { formatDuration } from '#server/appointments/shared/format.ts'
import { appointmentEndsAt, REMINDER_OFFSETS } from './rules.ts'

export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8'
export const ICS_PRODUCT_ID = '-//Carebook//Appointments 1.0//EN'
export const DEFAULT_UID_DOMAIN = 'carebook'
export const DEFAULT_FEED_NAME = 'Carebook appointments'

const CRLF = '\r\n'
const MAX_LINE_OCTETS = 75

const ICS_STATUS: Record<AppointmentStatus, string> = {
	confirmed: 'CONFIRMED',
	pending: 'TENTATIVE',
	cancelled: 'CANCELLED',
}

export type IcsAppointment = Appointment & {
	/** Incremented by the caller on each change (reschedule, edit, cancel). Default 0. */
	sequence?: number
	/** Last change, written as LAST-MODIFIED when known. */
	updatedAt?: Date | null
}

export type IcsOptions = {
	/** DTSTAMP: when this file was generated. */
	now: Date
	uidDomain?: string
	/** Link back to the appointment's page, written as URL. */
	detailUrl?: (appointmentId: string) => string
	/** Default true. */
	includeAlarms?: boolean
}

/** Escapes a TEXT value: backslash, semicolon, comma and line breaks. */
export function escapeIcsText(value: string): string {
	return (
		value
			.replace(/\\/g, '\\\\')
			.replace(/;/g, '\\;')
			.replace(/,/g, '\\,')
			.replace(/\r\n|\r|\n/g, '\\n')
			// eslint-disable-next-line no-control-regex -- control characters are not allowed in iCalendar text
			.replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '')
	)
}

/**
 * Folds one content line: no physical line longer than 75 octets, each
 * continuation starting with a single space (which counts toward its 75).
 */
export function foldIcsLine(line: string): string {
	const encoder = new TextEncoder()
	if (encoder.encode(line).length <= MAX_LINE_OCTETS) return line
	const physicalLines: string[] = []
	let current = ''
	let currentOctets = 0
	for (const character of line) {
		const octets = encoder.encode(character).length
		if (currentOctets + octets > MAX_LINE_OCTETS) {
			physicalLines.push(current)
			current = ' '
			currentOctets = 1
		}
		current += character
		currentOctets += octets
	}
	physicalLines.push(current)
	return physicalLines.join(CRLF)
}

/** '20260305T143000Z' */
export function formatIcsDateTime(instant: Date): string {
	if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid instant')
	return instant
		.toISOString()
		.replace(/\.\d{3}Z$/, 'Z')
		.replace(/[-:]/g, '')
}

function joinLines(lines: string[]): string {
	return lines.map(foldIcsLine).join(CRLF) + CRLF
}

function describeAppointment(appointment: Appointment): string {
	const lines = [
		`Provider: ${appointment.provider}`,
		`Specialty: ${appointment.specialty}`,
		`Type: ${APPOINTMENT_TYPE_LABELS[appointment.type] ?? appointment.type}`,
		`Duration: ${formatDuration(appointment.durationMinutes)}`,
	]
	if (appointment.contactPhone) lines.push(`Phone: ${appointment.contactPhone}`)
	if (appointment.contactEmail) lines.push(`Email: ${appointment.contactEmail}`)
	if (appointment.notes) lines.push(`Notes: ${appointment.notes}`)
	if (appointment.status === 'cancelled' && appointment.cancelReason) {
		lines.push(`Cancellation reason: ${appointment.cancelReason}`)
	}
	return lines.join('\n')
}

/** The unfolded content lines of one VEVENT. */
export function buildAppointmentEventLines(appointment: IcsAppointment, options: IcsOptions): string[] {
	const uidDomain = options.uidDomain ?? DEFAULT_UID_DOMAIN
	const lines = [
		'BEGIN:VEVENT',
		`UID:${escapeIcsText(`${appointment.id}@${uidDomain}`)}`,
		`DTSTAMP:${formatIcsDateTime(options.now)}`,
		`DTSTART:${formatIcsDateTime(appointment.startsAt)}`,
		`DTEND:${formatIcsDateTime(appointmentEndsAt(appointment))}`,
		`SUMMARY:${escapeIcsText(appointment.title)}`,
	]
	if (appointment.location) lines.push(`LOCATION:${escapeIcsText(appointment.location)}`)
	lines.push(`DESCRIPTION:${escapeIcsText(describeAppointment(appointment))}`)
	lines.push(`STATUS:${ICS_STATUS[appointment.status]}`)
	lines.push(`SEQUENCE:${appointment.sequence ?? 0}`)
	if (appointment.updatedAt) lines.push(`LAST-MODIFIED:${formatIcsDateTime(appointment.updatedAt)}`)
	if (options.detailUrl) lines.push(`URL:${options.detailUrl(appointment.id)}`)
	lines.push('CLASS:PRIVATE', 'TRANSP:OPAQUE')
	if ((options.includeAlarms ?? true) && appointment.status !== 'cancelled') {
		for (const { minutesBefore } of REMINDER_OFFSETS) {
			lines.push(
				'BEGIN:VALARM',
				'ACTION:DISPLAY',
				`DESCRIPTION:${escapeIcsText(`Reminder: ${appointment.title}`)}`,
				`TRIGGER:-PT${minutesBefore % 60 === 0 ? `${minutesBefore / 60}H` : `${minutesBefore}M`}`,
				'END:VALARM',
			)
		}
	}
	lines.push('END:VEVENT')
	return lines
}

function calendarHeader(extra: string[] = []): string[] {
	return ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${ICS_PRODUCT_ID}`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', ...extra]
}

/** A complete .ics file holding one appointment. */
export function buildAppointmentIcs(appointment: IcsAppointment, options: IcsOptions): string {
	return joinLines([...calendarHeader(), ...buildAppointmentEventLines(appointment, options), 'END:VCALENDAR'])
}

/** The private feed: every appointment (cancelled ones as STATUS:CANCELLED), by start time. */
export function buildAppointmentsFeed(appointments: readonly IcsAppointment[], options: IcsOptions & { calendarName?: string }): string {
	const header = calendarHeader([
		`X-WR-CALNAME:${escapeIcsText(options.calendarName ?? DEFAULT_FEED_NAME)}`,
		`NAME:${escapeIcsText(options.calendarName ?? DEFAULT_FEED_NAME)}`,
		'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
		'X-PUBLISHED-TTL:PT1H',
	])
	const events = [...appointments]
		.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || (a.id < b.id ? -1 : 1))
		.flatMap((appointment) => buildAppointmentEventLines(appointment, options))
	return joinLines([...header, ...events, 'END:VCALENDAR'])
}

/** 'appointment-<id>.ics', safe as a Content-Disposition file name. */
export function appointmentIcsFileName(appointment: Pick<Appointment, 'id'>): string {
	return `appointment-${appointment.id.replace(/[^A-Za-z0-9_-]/g, '')}.ics`
}
