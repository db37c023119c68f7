/**
 * en-US dates and times for the records screens (spec section 9: English US,
 * 12-hour AM/PM). Strings are assembled from numeric parts rather than taken
 * from Intl's formatted output, so the server and the browser render the
 * same characters. Browser-safe.
 */
import { formatTime12, MONTH_NAMES, zonedParts } from '#server/time/shared/date-format.ts'

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

function parseCalendarDate(date: string) {
	const match = CALENDAR_DATE.exec(date)
	if (!match) return null
	const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
	if (month < 1 || month > 12 || day < 1 || day > 31) return null
	return { year, month, day }
}

/** '2025-03-14' -> 'March 14, 2025'. Text that is not a calendar date is returned unchanged. */
export function formatCalendarDate(date: string) {
	const parsed = parseCalendarDate(date)
	if (!parsed) return date
	return `${MONTH_NAMES[parsed.month - 1]} ${parsed.day}, ${parsed.year}`
}

/** '2025-03-14' (or '2025-03') -> 'March 2025'. */
export function formatMonthYear(date: string) {
	const parsed = parseCalendarDate(date.length === 7 ? `${date}-01` : date)
	if (!parsed) return date
	return `${MONTH_NAMES[parsed.month - 1]} ${parsed.year}`
}

/** 'March 16, 2025 at 2:05 PM' for `instant` in `timeZone`. */
export function formatDateTime(instant: Date, timeZone: string) {
	const { year, month, day, hour, minute } = zonedParts(instant, timeZone)
	return `${MONTH_NAMES[month - 1]} ${day}, ${year} at ${formatTime12(hour, minute)}`
}
