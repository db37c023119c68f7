import { describe, expect, it } from 'vitest'
import {
	resolvePatientTimeZone,
	addDaysToLocalDate,
	compareLocalDates,
	getZonedParts,
	isValidLocalDate,
	isValidLocalTime,
	isValidTimeZone,
	localDateOf,
	localTimeOf,
	weekdayOfLocalDate,
} from './zoned-time.ts'

describe('localDateOf and localTimeOf', () => {
	it('gives the calendar date and time in the zone', () => {
		const instant = new Date('2026-03-06T04:30:00Z')
		expect(localDateOf(instant, 'America/New_York')).toBe('2026-03-05')
		expect(localTimeOf(instant, 'America/New_York')).toBe('23:30')
		expect(localDateOf(instant, 'Asia/Tokyo')).toBe('2026-03-06')
		expect(localTimeOf(instant, 'Asia/Tokyo')).toBe('13:30')
		expect(localDateOf(instant, 'UTC')).toBe('2026-03-06')
	})

	it('reports midnight as hour 0', () => {
		expect(getZonedParts(new Date('2026-03-05T05:00:00Z'), 'America/New_York')).toEqual({
			year: 2026,
			month: 3,
			day: 5,
			hour: 0,
			minute: 0,
			second: 0,
		})
	})

	it('refuses an invalid instant', () => {
		expect(() => localDateOf(new Date('nope'), 'UTC')).toThrow(RangeError)
	})
})

describe('validation helpers', () => {
	it('recognises IANA zones', () => {
		expect(isValidTimeZone('America/New_York')).toBe(true)
		expect(isValidTimeZone('UTC')).toBe(true)
		expect(isValidTimeZone('Mars/Olympus')).toBe(false)
		expect(isValidTimeZone('')).toBe(false)
	})

	it('recognises real calendar dates only', () => {
		expect(isValidLocalDate('2028-02-29')).toBe(true)
		expect(isValidLocalDate('2026-02-29')).toBe(false)
		expect(isValidLocalDate('2026-04-31')).toBe(false)
		expect(isValidLocalDate('2026-13-01')).toBe(false)
		expect(isValidLocalDate('2026-3-5')).toBe(false)
	})

	it('recognises 24-hour HH:MM times', () => {
		expect(isValidLocalTime('00:00')).toBe(true)
		expect(isValidLocalTime('23:59')).toBe(true)
		expect(isValidLocalTime('24:00')).toBe(false)
		expect(isValidLocalTime('12:60')).toBe(false)
		expect(isValidLocalTime('12:00:00')).toBe(false)
	})
})

describe('calendar arithmetic', () => {
	it('adds days across months, years and leap days', () => {
		expect(addDaysToLocalDate('2026-02-28', 1)).toBe('2026-03-01')
		expect(addDaysToLocalDate('2028-02-28', 1)).toBe('2028-02-29')
		expect(addDaysToLocalDate('2026-01-01', -1)).toBe('2025-12-31')
		expect(addDaysToLocalDate('1900-03-01', -1)).toBe('1900-02-28')
	})

	it('knows the weekday (0 is Sunday) and compares dates', () => {
		expect(weekdayOfLocalDate('2026-03-01')).toBe(0)
		expect(weekdayOfLocalDate('2026-03-05')).toBe(4)
		expect(compareLocalDates('2026-03-05', '2026-03-06')).toBe(-1)
		expect(compareLocalDates('2026-03-06', '2026-03-06')).toBe(0)
		expect(compareLocalDates('2026-12-01', '2026-03-06')).toBe(1)
	})
})

describe('getZonedParts agrees with Intl around every kind of offset change', () => {
	const zones = ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Europe/Amsterdam', 'Pacific/Chatham', 'UTC']
	const intlParts = (instant: Date, timeZone: string) => {
		const parts: Record<string, number> = {}
		const formatter = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			minute: 'numeric',
			second: 'numeric',
		})
		for (const part of formatter.formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value)
		return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour === 24 ? 0 : parts.hour, minute: parts.minute, second: parts.second }
	}
	const windows = [
		'2026-03-08T00:00:00Z',
		'2026-11-01T00:00:00Z',
		'2026-03-29T00:00:00Z',
		'2026-04-04T12:00:00Z',
		'2026-10-03T12:00:00Z',
		'1937-06-30T20:00:00Z',
		'1986-01-01T00:00:00Z',
	]

	it.each(zones)('%s: every 7 minutes and 13 seconds for a day around each change', (timeZone) => {
		for (const start of windows) {
			const from = new Date(start).getTime() - 12 * 3_600_000
			for (let ms = from; ms < from + 36 * 3_600_000; ms += 433_000) {
				const instant = new Date(ms)
				expect(getZonedParts(instant, timeZone)).toEqual(intlParts(instant, timeZone))
			}
		}
	})
})

describe('resolvePatientTimeZone', () => {
	it("takes the stored zone, else the browser's, else UTC", () => {
		expect(resolvePatientTimeZone('Europe/Berlin', 'America/New_York')).toBe('Europe/Berlin')
		expect(resolvePatientTimeZone(null, 'America/New_York')).toBe('America/New_York')
		expect(resolvePatientTimeZone('Not/AZone', 'America/New_York')).toBe('America/New_York')
		expect(resolvePatientTimeZone(undefined, 'Not/AZone')).toBe('UTC')
		expect(resolvePatientTimeZone(null)).toBe('UTC')
	})
})
