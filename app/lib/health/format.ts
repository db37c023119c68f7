/**
 * en-US dates for the health screens (spec section 9: English US, 12-hour
 * AM/PM). Built from numeric parts so the server and the browser render the
 * same characters. Browser-safe.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** '2025-03-14' -> 'Mar 14, 2025'; anything else is returned unchanged. */
export function formatHealthDate(date: string): string {
	const match = ISO_DATE.exec(date)
	if (!match) return date
	const month = Number(match[2])
	if (month < 1 || month > 12) return date
	return `${MONTHS[month - 1]} ${Number(match[3])}, ${match[1]}`
}

function safeZone(timeZone: string | null | undefined) {
	if (!timeZone) return 'UTC'
	try {
		new Intl.DateTimeFormat('en-US', { timeZone })
		return timeZone
	} catch {
		return 'UTC'
	}
}

/** 'Mar 14, 2025, 2:05 PM' for an instant in a zone (UTC when none is known). */
export function formatHealthDateTime(instant: Date, timeZone: string | null | undefined): string {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone: safeZone(timeZone),
		hourCycle: 'h23',
		year: 'numeric',
		month: 'numeric',
		day: 'numeric',
		hour: 'numeric',
		minute: 'numeric',
	}).formatToParts(instant)
	const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value ?? 0)
	const hour = part('hour') % 24
	const hour12 = hour % 12 === 0 ? 12 : hour % 12
	const minute = String(part('minute')).padStart(2, '0')
	return `${MONTHS[part('month') - 1]} ${part('day')}, ${part('year')}, ${hour12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`
}

/** 'mmHg' -> ' mmHg', '%' -> '%', none -> ''. */
export function unitSuffix(unit: string | null): string {
	if (!unit) return ''
	return unit === '%' ? '%' : ` ${unit}`
}
