import { localDateOf, safeTimeZone, type LocalDate } from '#server/time/shared/zoned-time.ts'

/**
 * 'Today' for the analytics: the calendar date in the patient's time zone
 * (users.time_zone), or in UTC when none is stored or the zone is unknown.
 * Routes and procedures call this once and pass the date to the pure functions.
 */

/** 'YYYY-MM-DD' of `now` as seen in `timeZone` (UTC when it is missing or unknown). */
export function calendarDateIn(timeZone: string | null | undefined, now: Date): LocalDate {
	return localDateOf(now, safeTimeZone(timeZone))
}

/** Today's date for a patient whose stored zone is `timeZone`. */
export function patientToday(timeZone: string | null | undefined, now: Date = new Date()): LocalDate {
	return calendarDateIn(timeZone, now)
}
