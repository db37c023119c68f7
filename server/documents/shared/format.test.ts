import { describe, expect, it } from 'vitest'
import { localDateOf, safeTimeZone } from '#server/time/shared/zoned-time.ts'
import { formatCalendarDate, formatDateTime, formatMonthYear } from './format.ts'

describe('formatCalendarDate', () => {
	it('writes a calendar date in en-US words', () => {
		expect(formatCalendarDate('2025-03-14')).toBe('March 14, 2025')
		expect(formatCalendarDate('2024-01-01')).toBe('January 1, 2024')
		expect(formatCalendarDate('2025-12-31')).toBe('December 31, 2025')
	})

	it('leaves text that is not a date as it is', () => {
		expect(formatCalendarDate('soon')).toBe('soon')
		expect(formatCalendarDate('2025-13-01')).toBe('2025-13-01')
	})
})

describe('formatMonthYear', () => {
	it('names the month and year of a date or a month key', () => {
		expect(formatMonthYear('2025-03-14')).toBe('March 2025')
		expect(formatMonthYear('2024-11')).toBe('November 2024')
	})
})

describe('formatDateTime', () => {
	const instant = new Date('2025-03-16T18:05:00Z')

	it('uses 12-hour AM/PM time in the given zone', () => {
		expect(formatDateTime(instant, 'UTC')).toBe('March 16, 2025 at 6:05 PM')
		expect(formatDateTime(instant, 'America/New_York')).toBe('March 16, 2025 at 2:05 PM')
	})

	it('shows midnight and noon as 12', () => {
		expect(formatDateTime(new Date('2025-03-16T00:30:00Z'), 'UTC')).toBe('March 16, 2025 at 12:30 AM')
		expect(formatDateTime(new Date('2025-03-16T12:00:00Z'), 'UTC')).toBe('March 16, 2025 at 12:00 PM')
	})

	it('can move the calendar day with the zone', () => {
		expect(formatDateTime(new Date('2025-03-16T02:00:00Z'), 'America/Los_Angeles')).toBe('March 15, 2025 at 7:00 PM')
		expect(localDateOf(new Date('2025-03-16T02:00:00Z'), 'America/Los_Angeles')).toBe('2025-03-15')
		expect(localDateOf(new Date('2025-03-16T02:00:00Z'), 'UTC')).toBe('2025-03-16')
	})
})

describe('safeTimeZone', () => {
	it('keeps a known zone and falls back to UTC otherwise', () => {
		expect(safeTimeZone('Europe/Paris')).toBe('Europe/Paris')
		expect(safeTimeZone('Mars/Olympus_Mons')).toBe('UTC')
		expect(safeTimeZone(null)).toBe('UTC')
	})
})
