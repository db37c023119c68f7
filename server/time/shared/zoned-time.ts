/**
 * The one module for calendar dates and time zones (docs/decisions: date and
 * time). Browser-safe: Intl.DateTimeFormat only, no Node APIs, and no zod
 * (the pages that format dates load no schema library; `LocalDateSchema` is in
 * local-date-schema.ts).
 *
 * - `LocalDate`: a calendar date written 'YYYY-MM-DD', with no zone.
 * - `safeTimeZone`: a usable IANA zone, or UTC when none is stored or Intl
 *   does not know it (the one 'valid zone, else UTC' rule).
 * - instant to wall clock: `getZonedParts`, `localDateOf`, `localTimeOf`.
 * - wall clock to instant: `resolveLocalDateTime`, `zonedDateTimeToInstant`,
 *   `localDayRange`, DST-correct as described below.
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

/** A calendar date 'YYYY-MM-DD' (no time, no zone). */
export type LocalDate = string

/** The time zone used when the patient has none stored and the browser's is not known yet. */
export const FALLBACK_TIME_ZONE = 'UTC'

export type ZonedParts = {
	year: number
	month: number
	day: number
	hour: number
	minute: number
	second: number
}

export const LOCAL_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/
const LOCAL_TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/
const DAY_MS = 86_400_000

const formatterCache = new Map<string, Intl.DateTimeFormat>()

function zonedFormatter(timeZone: string): Intl.DateTimeFormat {
	let formatter = formatterCache.get(timeZone)
	if (!formatter) {
		formatter = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			minute: 'numeric',
			second: 'numeric',
		})
		formatterCache.set(timeZone, formatter)
	}
	return formatter
}

export function isValidTimeZone(timeZone: string): boolean {
	if (typeof timeZone !== 'string' || timeZone.trim() === '') return false
	try {
		zonedFormatter(timeZone)
		return true
	} catch {
		return false
	}
}

function assertValidInstant(instant: Date): void {
	if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) {
		throw new RangeError('Invalid instant')
	}
}

/** Wall-clock parts straight from Intl (the slow, always-right path). */
function formatZonedParts(instant: Date, timeZone: string): ZonedParts {
	const parts: Record<string, number> = {}
	for (const part of zonedFormatter(timeZone).formatToParts(instant)) {
		if (part.type !== 'literal') parts[part.type] = Number(part.value)
	}
	return {
		year: parts.year,
		month: parts.month,
		day: parts.day,
		// some engines still print midnight as 24 even with h23
		hour: parts.hour === 24 ? 0 : parts.hour,
		minute: parts.minute,
		second: parts.second,
	}
}

const HOUR_MS = 3_600_000
const MAX_CACHED_HOURS_PER_ZONE = 100_000
/** Per zone and UTC hour: the zone's offset in that hour, or null when it changes within the hour. */
const hourOffsetCache = new Map<string, Map<number, number | null>>()

function exactOffsetMs(epochMs: number, timeZone: string): number {
	return wallClockAsUtcMs(formatZonedParts(new Date(epochMs), timeZone)) - epochMs
}

/**
 * The zone's offset during one UTC hour, when it is the same at the hour's
 * first and last whole second (offsets change on whole seconds and never
 * twice within an hour); null for an hour holding a transition.
 */
function offsetDuringHour(hour: number, timeZone: string): number | null {
	let zoneCache = hourOffsetCache.get(timeZone)
	if (!zoneCache) {
		zoneCache = new Map()
		hourOffsetCache.set(timeZone, zoneCache)
	}
	const cached = zoneCache.get(hour)
	if (cached !== undefined) return cached
	const start = hour * HOUR_MS
	const atStart = exactOffsetMs(start, timeZone)
	const offset = atStart === exactOffsetMs(start + HOUR_MS - 1000, timeZone) ? atStart : null
	if (zoneCache.size >= MAX_CACHED_HOURS_PER_ZONE) zoneCache.clear()
	zoneCache.set(hour, offset)
	return offset
}

/**
 * Wall-clock parts of `instant` as seen in `timeZone`. Intl is asked once
 * per zone and UTC hour (the list screen reads thousands of instants); an
 * hour in which the offset changes is answered by Intl for each instant.
 */
export function getZonedParts(instant: Date, timeZone: string): ZonedParts {
	assertValidInstant(instant)
	const epochMs = instant.getTime()
	const offset = offsetDuringHour(Math.floor(epochMs / HOUR_MS), timeZone)
	if (offset === null) return formatZonedParts(instant, timeZone)
	const shifted = new Date(epochMs + offset)
	return {
		year: shifted.getUTCFullYear(),
		month: shifted.getUTCMonth() + 1,
		day: shifted.getUTCDate(),
		hour: shifted.getUTCHours(),
		minute: shifted.getUTCMinutes(),
		second: shifted.getUTCSeconds(),
	}
}

function padNumber(value: number, length: number): string {
	return String(value).padStart(length, '0')
}

export function formatLocalDateParts(year: number, month: number, day: number): LocalDate {
	return `${padNumber(year, 4)}-${padNumber(month, 2)}-${padNumber(day, 2)}`
}

/** The calendar date of `instant` in `timeZone`, 'YYYY-MM-DD'. */
export function localDateOf(instant: Date, timeZone: string): LocalDate {
	const { year, month, day } = getZonedParts(instant, timeZone)
	return formatLocalDateParts(year, month, day)
}

/** The wall-clock time of `instant` in `timeZone`, 24-hour 'HH:MM'. */
export function localTimeOf(instant: Date, timeZone: string): string {
	const { hour, minute } = getZonedParts(instant, timeZone)
	return `${padNumber(hour, 2)}:${padNumber(minute, 2)}`
}

/** Milliseconds since the epoch of a wall-clock reading taken as if it were UTC. */
export function wallClockAsUtcMs(parts: ZonedParts): number {
	const date = new Date(0)
	date.setUTCFullYear(parts.year, parts.month - 1, parts.day)
	date.setUTCHours(parts.hour, parts.minute, parts.second, 0)
	return date.getTime()
}

export function parseLocalDate(value: string): { year: number; month: number; day: number } | null {
	const match = LOCAL_DATE_PATTERN.exec(value)
	if (!match) return null
	const year = Number(match[1])
	const month = Number(match[2])
	const day = Number(match[3])
	if (month < 1 || month > 12 || day < 1) return null
	const probe = new Date(0)
	probe.setUTCFullYear(year, month - 1, day)
	if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
		return null
	}
	return { year, month, day }
}

/** True for a real calendar date written 'YYYY-MM-DD' (so '2026-02-30' is false). */
export function isValidLocalDate(value: string): boolean {
	return typeof value === 'string' && parseLocalDate(value) !== null
}

export function parseLocalTime(value: string): { hour: number; minute: number } | null {
	const match = LOCAL_TIME_PATTERN.exec(value)
	if (!match) return null
	return { hour: Number(match[1]), minute: Number(match[2]) }
}

/** True for a 24-hour 'HH:MM' time. */
export function isValidLocalTime(value: string): boolean {
	return typeof value === 'string' && parseLocalTime(value) !== null
}

function localDateToUtcMs(value: LocalDate): number {
	const parsed = parseLocalDate(value)
	if (!parsed) throw new RangeError(`Invalid local date: ${value}`)
	const date = new Date(0)
	date.setUTCFullYear(parsed.year, parsed.month - 1, parsed.day)
	return date.getTime()
}

function utcMsToLocalDate(ms: number): LocalDate {
	const date = new Date(ms)
	return formatLocalDateParts(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())
}

/** Calendar arithmetic: the date `days` days after `value` (negative goes back). */
export function addDaysToLocalDate(value: LocalDate, days: number): LocalDate {
	return utcMsToLocalDate(localDateToUtcMs(value) + days * DAY_MS)
}

/** Day of the week of a calendar date: 0 Sunday ... 6 Saturday. */
export function weekdayOfLocalDate(value: LocalDate): number {
	return new Date(localDateToUtcMs(value)).getUTCDay()
}

/** Negative, zero or positive like a sort comparator; 'YYYY-MM-DD' sorts as text. */
export function compareLocalDates(a: LocalDate, b: LocalDate): number {
	return a < b ? -1 : a > b ? 1 : 0
}

/** A usable IANA zone: `timeZone` when Intl knows it, else UTC. */
export function safeTimeZone(timeZone: string | null | undefined): string {
	return timeZone && isValidTimeZone(timeZone) ? timeZone : FALLBACK_TIME_ZONE
}

/**
 * The one way to the patient's zone, to compute 'today' and local times in: the stored one
 * (`users.timeZone`), else a valid hint (the browser's), else UTC.
 */
export function resolvePatientTimeZone(storedTimeZone: string | null | undefined, hint?: string | null): string {
	if (storedTimeZone && isValidTimeZone(storedTimeZone)) return storedTimeZone
	return safeTimeZone(hint)
}

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
