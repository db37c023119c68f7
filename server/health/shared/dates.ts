import { isValidLocalDate } from '#server/time/shared/zoned-time.ts'
import type { DateInput, LocalDate } from './types.ts'

/**
 * Calendar-date arithmetic on 'YYYY-MM-DD' strings, done in UTC so that the
 * server's time zone never moves a date. Nothing here reads the clock.
 */

const MS_PER_DAY = 86_400_000
const MONTH_SHORT_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** A Date becomes its UTC calendar date; a string must already be 'YYYY-MM-DD'. */
export function toLocalDate(input: DateInput): LocalDate {
	if (input instanceof Date) {
		if (Number.isNaN(input.getTime())) throw new RangeError('Invalid date')
		return input.toISOString().slice(0, 10)
	}
	if (!isValidLocalDate(input)) throw new RangeError(`Not a YYYY-MM-DD date: ${input}`)
	return input
}

function toUtcMs(date: LocalDate): number {
	const [year, month, day] = toLocalDate(date).split('-').map(Number)
	return Date.UTC(year, month - 1, day)
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
	return Math.round((toUtcMs(to) - toUtcMs(from)) / MS_PER_DAY)
}

/** 'YYYY-MM' of a date. */
export function monthKeyOf(date: LocalDate): string {
	return toLocalDate(date).slice(0, 7)
}

/** The month `months` after (or before, when negative) a 'YYYY-MM' month. */
export function addMonthsToMonthKey(monthKey: string, months: number): string {
	const [year, month] = monthKey.split('-').map(Number)
	const index = year * 12 + (month - 1) + months
	const newYear = Math.floor(index / 12)
	const newMonth = index - newYear * 12 + 1
	return `${String(newYear).padStart(4, '0')}-${String(newMonth).padStart(2, '0')}`
}

/** 'Jan 2024' for '2024-01'. */
export function formatMonthLabel(monthKey: string): string {
	const [year, month] = monthKey.split('-').map(Number)
	return `${MONTH_SHORT_NAMES[month - 1]} ${year}`
}

/** The 15th of a 'YYYY-MM' month: where a monthly point sits on the time axis. */
export function midMonthDate(monthKey: string): LocalDate {
	return `${monthKey}-15`
}

export function firstDayOfMonth(monthKey: string): LocalDate {
	return `${monthKey}-01`
}

/** Completed years between a birth date and a date (the usual "age"). */
export function ageInYears(dateOfBirth: LocalDate, onDate: LocalDate): number {
	const [birthYear, birthMonth, birthDay] = toLocalDate(dateOfBirth).split('-').map(Number)
	const [year, month, day] = toLocalDate(onDate).split('-').map(Number)
	const hadBirthday = month > birthMonth || (month === birthMonth && day >= birthDay)
	return year - birthYear - (hadBirthday ? 0 : 1)
}
