import { MONTH_NAMES, zonedParts } from '#server/time/shared/date-format.ts'

/** 'December 9, 2026' (en-US): end dates on the subscription card and in its notices; UTC unless a zone is given. */
export function formatCalendarInstant(instant: Date | string, timeZone?: string | null) {
	const { year, month, day } = zonedParts(new Date(instant), timeZone ?? 'UTC')
	return `${MONTH_NAMES[month - 1]} ${day}, ${year}`
}
