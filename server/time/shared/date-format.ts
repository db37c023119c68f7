/**
 * The en-US date and time pieces every screen shares (spec section 9:
 * English US, 12-hour AM/PM). Strings are assembled from numeric parts
 * rather than taken from Intl's formatted output, so the server and the
 * browser render the same characters (ICU versions differ in the space
 * before AM/PM). Browser-safe.
 */

export const MONTH_NAMES = [
	'January',
	'February',
	'March',
	'April',
	'May',
	'June',
	'July',
	'August',
	'September',
	'October',
	'November',
	'December',
] as const

export const MONTH_ABBREVIATIONS = MONTH_NAMES.map((name) => name.slice(0, 3))

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

/** The time zone used when the patient has none stored and the browser's is not known yet. */
export const FALLBACK_TIME_ZONE = 'UTC'

/** A usable IANA zone: `timeZone` when Intl knows it, else UTC. */
export function safeTimeZone(timeZone: string | null | undefined) {
	if (!timeZone) return FALLBACK_TIME_ZONE
	try {
		new Intl.DateTimeFormat('en-US', { timeZone })
		return timeZone
	} catch {
		return FALLBACK_TIME_ZONE
	}
}

/** The wall-clock parts of an instant in a zone (hour 0-23). */
export function zonedParts(instant: Date, timeZone: string | null | undefined) {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone: safeTimeZone(timeZone),
		hourCycle: 'h23',
		year: 'numeric',
		month: 'numeric',
		day: 'numeric',
		hour: 'numeric',
		minute: 'numeric',
	}).formatToParts(instant)
	const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value ?? 0)
	return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour') % 24, minute: part('minute') }
}

/** '2:05 PM' */
export function formatTime12(hour: number, minute: number) {
	const hour12 = hour % 12 === 0 ? 12 : hour % 12
	return `${hour12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`
}
