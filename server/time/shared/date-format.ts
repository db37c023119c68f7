/**
 * The en-US date and time pieces every screen shares (spec section 9:
 * English US, 12-hour AM/PM). Strings are assembled from numeric parts
 * rather than taken from Intl's formatted output, so the server and the
 * browser render the same characters (ICU versions differ in the space
 * before AM/PM). Browser-safe. Zone arithmetic lives in ./zoned-time.ts.
 */
import { getZonedParts, safeTimeZone } from './zoned-time.ts'

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const

export const MONTH_ABBREVIATIONS = MONTH_NAMES.map((name) => name.slice(0, 3))

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

/** The wall-clock parts of an instant in a zone (hour 0-23); an unknown or missing zone reads as UTC. */
export function zonedParts(instant: Date, timeZone: string | null | undefined) {
	const { year, month, day, hour, minute } = getZonedParts(instant, safeTimeZone(timeZone))
	return { year, month, day, hour, minute }
}

/** '2:05 PM' */
export function formatTime12(hour: number, minute: number) {
	const hour12 = hour % 12 === 0 ? 12 : hour % 12
	return `${hour12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`
}
