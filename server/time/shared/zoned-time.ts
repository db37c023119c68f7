/**
 * Calendar dates and wall-clock parts of an instant in an IANA time zone,
 * computed with Intl.DateTimeFormat only (no date library). Browser-safe.
 * The reverse direction (local date + time + zone to an instant, with the
 * DST gap and overlap rules) lives in server/appointments/zoned-time.ts.
 */
import type { LocalDate } from './appointment.ts'

export type ZonedParts = {
	year: number
	month: number
	day: number
	hour: number
	minute: number
	second: number
}

const LOCAL_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/
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
