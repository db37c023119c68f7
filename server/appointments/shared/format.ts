/**
 * en-US display of appointment dates and times (spec section 9: English US,
 * 12-hour AM/PM). Built from the zoned wall-clock parts rather than from
 * Intl's formatted output, so server and browser render the same characters
 * (ICU versions differ in the space before AM/PM). Browser-safe.
 */
import { formatTime12, MONTH_NAMES, WEEKDAY_NAMES } from '#server/time/shared/date-format.ts'
import type { LocalDate } from './appointment.ts'
import { DAY_HEADING_TODAY, DAY_HEADING_TOMORROW, TODAY_MARKER } from './labels.ts'
import { addDaysToLocalDate, getZonedParts, localDateOf, parseLocalDate, parseLocalTime, weekdayOfLocalDate } from '#server/time/shared/zoned-time.ts'

/** '2:30 PM' for the wall-clock time of `instant` in `timeZone`. */
export function formatAppointmentTime(instant: Date, timeZone: string): string {
	const { hour, minute } = getZonedParts(instant, timeZone)
	return formatTime12(hour, minute)
}

/** '2:30 PM' for a 24-hour 'HH:MM' text. */
export function formatTimeOfDay(time: string): string {
	const parsed = parseLocalTime(time)
	if (!parsed) throw new RangeError(`Invalid time: ${time}`)
	return formatTime12(parsed.hour, parsed.minute)
}

/** 'Wednesday, March 5' (with ', 2025' appended when `withYear`). */
export function formatLocalDateLong(date: LocalDate, { withYear = false }: { withYear?: boolean } = {}): string {
	const parsed = parseLocalDate(date)
	if (!parsed) throw new RangeError(`Invalid date: ${date}`)
	const text = `${WEEKDAY_NAMES[weekdayOfLocalDate(date)]}, ${MONTH_NAMES[parsed.month - 1]} ${parsed.day}`
	return withYear ? `${text}, ${parsed.year}` : text
}

/** 'March 5, 2026' (no weekday), for dense places such as tables. */
export function formatLocalDateShort(date: LocalDate): string {
	const parsed = parseLocalDate(date)
	if (!parsed) throw new RangeError(`Invalid date: ${date}`)
	return `${MONTH_NAMES[parsed.month - 1]} ${parsed.day}, ${parsed.year}`
}

/** 'Wednesday, March 5' for the date of `instant` in `timeZone`. */
export function formatAppointmentDate(instant: Date, timeZone: string): string {
	return formatLocalDateLong(localDateOf(instant, timeZone))
}

/** The card's date: 'Wednesday, March 5', followed by ' (Today)' when it is today in `timeZone`. */
export function formatAppointmentCardDate(instant: Date, timeZone: string, now: Date): string {
	const date = localDateOf(instant, timeZone)
	const text = formatLocalDateLong(date)
	return date === localDateOf(now, timeZone) ? `${text} ${TODAY_MARKER}` : text
}

/**
 * A day group's heading: 'Today', 'Tomorrow', otherwise 'Wednesday, March 5'.
 * The year is added ('Wednesday, March 5, 2025') when the day is in another
 * year than `today`, so the Past tab stays unambiguous.
 */
export function formatDayHeading(date: LocalDate, today: LocalDate): string {
	if (date === today) return DAY_HEADING_TODAY
	if (date === addDaysToLocalDate(today, 1)) return DAY_HEADING_TOMORROW
	return formatLocalDateLong(date, { withYear: date.slice(0, 4) !== today.slice(0, 4) })
}

/** '15 minutes', '1 hour', '1 hour 30 minutes', '2 hours' (the spec's duration labels). */
export function formatDuration(minutes: number): string {
	if (!Number.isInteger(minutes) || minutes < 0) throw new RangeError(`Invalid duration: ${minutes}`)
	const hours = Math.floor(minutes / 60)
	const rest = minutes % 60
	const hourText = hours === 0 ? '' : hours === 1 ? '1 hour' : `${hours} hours`
	const minuteText = rest === 1 ? '1 minute' : `${rest} minutes`
	if (hours === 0) return minuteText
	return rest === 0 ? hourText : `${hourText} ${minuteText}`
}

/** The card's time line: '2:30 PM · 30 minutes'. */
export function formatAppointmentTimeAndDuration(instant: Date, timeZone: string, durationMinutes: number): string {
	return `${formatAppointmentTime(instant, timeZone)} · ${formatDuration(durationMinutes)}`
}
