import type { DateInput, IsoDate } from './types.ts'

/**
 * Calendar-date arithmetic on 'YYYY-MM-DD' strings, done in UTC so that the
 * server's time zone never moves a date. Nothing here reads the clock.
 */

const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/
const MS_PER_DAY = 86_400_000
const MONTH_SHORT_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

export function isIsoDate(value: string): boolean {
	const match = ISO_DATE_PATTERN.exec(value)
	if (!match) return false
	const [, year, month, day] = match.map(Number)
	const date = new Date(Date.UTC(year, month - 1, day))
	return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** A Date becomes its UTC calendar date; a string must already be 'YYYY-MM-DD'. */
export function toIsoDate(input: DateInput): IsoDate {
	if (input instanceof Date) {
		if (Number.isNaN(input.getTime())) throw new RangeError('Invalid date')
		return input.toISOString().slice(0, 10)
	}
	if (!isIsoDate(input)) throw new RangeError(`Not a YYYY-MM-DD date: ${input}`)
	return input
}

function toUtcMs(date: IsoDate): number {
	const [year, month, day] = toIsoDate(date).split('-').map(Number)
	return Date.UTC(year, month - 1, day)
}

function fromUtcMs(ms: number): IsoDate {
	return new Date(ms).toISOString().slice(0, 10)
}

export function addDays(date: IsoDate, days: number): IsoDate {
	return fromUtcMs(toUtcMs(date) + days * MS_PER_DAY)
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
	return Math.round((toUtcMs(to) - toUtcMs(from)) / MS_PER_DAY)
}

/** 'YYYY-MM' of a date. */
export function monthKeyOf(date: IsoDate): string {
	return toIsoDate(date).slice(0, 7)
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
export function midMonthDate(monthKey: string): IsoDate {
	return `${monthKey}-15`
}

export function firstDayOfMonth(monthKey: string): IsoDate {
	return `${monthKey}-01`
}

/** Completed years between a birth date and a date (the usual "age"). */
export function ageInYears(dateOfBirth: IsoDate, onDate: IsoDate): number {
	const [birthYear, birthMonth, birthDay] = toIsoDate(dateOfBirth).split('-').map(Number)
	const [year, month, day] = toIsoDate(onDate).split('-').map(Number)
	const hadBirthday = month > birthMonth || (month === birthMonth && day >= birthDay)
	return year - birthYear - (hadBirthday ? 0 : 1)
}
