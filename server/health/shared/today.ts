import type { IsoDate } from './types.ts'

/**
 * 'Today' for the analytics: the calendar date in the patient's time zone
 * (users.time_zone), or in UTC when none is stored or the zone is unknown.
 * Routes and procedures call this once and pass the date to the pure functions.
 */

export const FALLBACK_HEALTH_TIME_ZONE = 'UTC'

export function isKnownTimeZone(timeZone: string | null | undefined): timeZone is string {
	if (!timeZone) return false
	try {
		new Intl.DateTimeFormat('en-US', { timeZone })
		return true
	} catch {
		return false
	}
}

/** 'YYYY-MM-DD' of `now` as seen in `timeZone` (UTC when it is missing or unknown). */
export function calendarDateIn(timeZone: string | null | undefined, now: Date): IsoDate {
	const zone = isKnownTimeZone(timeZone) ? timeZone : FALLBACK_HEALTH_TIME_ZONE
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone: zone,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
	}).formatToParts(now)
	const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? ''
	return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`
}

/** Today's date for a patient whose stored zone is `timeZone`. */
export function patientToday(timeZone: string | null | undefined, now: Date = new Date()): IsoDate {
	return calendarDateIn(timeZone, now)
}
