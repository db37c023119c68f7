/**
 * Local date + time + IANA zone to a UTC instant and back, DST-correct, with
 * Intl.DateTimeFormat only.
 *
 * Wall-clock times that do not map to exactly one instant follow RFC 5545
 * (section 3.3.5) and Temporal's 'compatible' disambiguation, which is also
 * what calendar clients do with the .ics files we produce:
 * - a time in the spring-forward gap (America/New_York 2026-03-08 02:30 does
 *   not exist) is read with the offset in force before the gap, so it lands
 *   the length of the gap later: 03:30 EDT;
 * - a time in the fall-back overlap (America/New_York 2026-11-01 01:30 happens
 *   twice) is the earlier of the two instants: 01:30 EDT, not 01:30 EST.
 * resolveLocalDateTime reports which case applied so a form can warn.
 */
import type { LocalDate } from '../../app/lib/appointments/appointment.ts'
import {
	addDaysToLocalDate,
	getZonedParts,
	isValidTimeZone,
	localDateOf,
	localTimeOf,
	parseLocalDate,
	parseLocalTime,
	wallClockAsUtcMs,
} from '../../app/lib/appointments/zoned-date.ts'

export { addDaysToLocalDate, isValidTimeZone, localDateOf, localTimeOf }

const DAY_MS = 86_400_000

/** 'exact': one instant; 'skipped': in a DST gap; 'repeated': in a DST overlap. */
export type LocalDateTimeResolution = 'exact' | 'skipped' | 'repeated'

export type ResolvedLocalDateTime = {
	instant: Date
	resolution: LocalDateTimeResolution
	/** Every instant showing this wall-clock time in the zone: 1 when exact, 0 when skipped, 2 when repeated. */
	candidates: Date[]
}

function assertTimeZone(timeZone: string): void {
	if (!isValidTimeZone(timeZone)) throw new RangeError(`Invalid time zone: ${timeZone}`)
}

/** The zone's offset from UTC at `instant`, in milliseconds (New York in winter: -18 000 000). */
function offsetMsAt(epochMs: number, timeZone: string): number {
	const wholeSecondMs = epochMs - (((epochMs % 1000) + 1000) % 1000)
	return wallClockAsUtcMs(getZonedParts(new Date(wholeSecondMs), timeZone)) - wholeSecondMs
}

/** The zone's offset from UTC at `instant`, in minutes (New York in summer: -240). */
export function timeZoneOffsetMinutes(instant: Date, timeZone: string): number {
	assertTimeZone(timeZone)
	return offsetMsAt(instant.getTime(), timeZone) / 60_000
}

function wallClockMs(date: LocalDate, time: string): number {
	const parsedDate = parseLocalDate(date)
	if (!parsedDate) throw new RangeError(`Invalid local date: ${date}`)
	const parsedTime = parseLocalTime(time)
	if (!parsedTime) throw new RangeError(`Invalid local time: ${time}`)
	return wallClockAsUtcMs({ ...parsedDate, hour: parsedTime.hour, minute: parsedTime.minute, second: 0 })
}

/**
 * Every instant at which the zone's clocks show `date` `time`, and the one we
 * use (see the module comment for gaps and overlaps).
 */
export function resolveLocalDateTime(date: LocalDate, time: string, timeZone: string): ResolvedLocalDateTime {
	assertTimeZone(timeZone)
	const wall = wallClockMs(date, time)
	const offsetBefore = offsetMsAt(wall - DAY_MS, timeZone)
	const offsets = new Set([offsetBefore, offsetMsAt(wall, timeZone), offsetMsAt(wall + DAY_MS, timeZone)])
	const candidates = [...offsets]
		.map((offset) => wall - offset)
		.filter((epochMs) => epochMs + offsetMsAt(epochMs, timeZone) === wall)
		.sort((a, b) => a - b)
		.filter((epochMs, index, sorted) => index === 0 || sorted[index - 1] !== epochMs)
		.map((epochMs) => new Date(epochMs))
	if (candidates.length === 0) {
		return { instant: new Date(wall - offsetBefore), resolution: 'skipped', candidates }
	}
	return {
		instant: new Date(candidates[0].getTime()),
		resolution: candidates.length > 1 ? 'repeated' : 'exact',
		candidates,
	}
}

/** The instant of `date` `time` ('YYYY-MM-DD', 'HH:MM') on the clocks of `timeZone`. */
export function zonedDateTimeToInstant(date: LocalDate, time: string, timeZone: string): Date {
	return resolveLocalDateTime(date, time, timeZone).instant
}

/** The local date and 24-hour time of `instant` in `timeZone` (the form's fields when editing). */
export function instantToZonedDateTime(instant: Date, timeZone: string): { date: LocalDate; time: string } {
	assertTimeZone(timeZone)
	return { date: localDateOf(instant, timeZone), time: localTimeOf(instant, timeZone) }
}

/**
 * The instants bounding a local calendar day: `start` is its first instant,
 * `end` the first instant of the next day (exclusive). A DST day is 23 or 25
 * hours long; a day whose midnight is skipped starts at the first instant
 * after the gap.
 */
export function localDayRange(date: LocalDate, timeZone: string): { start: Date; end: Date } {
	return {
		start: zonedDateTimeToInstant(date, '00:00', timeZone),
		end: zonedDateTimeToInstant(addDaysToLocalDate(date, 1), '00:00', timeZone),
	}
}
