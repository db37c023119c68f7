import { describe, expect, it } from 'vitest'
import { formatTime12, MONTH_ABBREVIATIONS, zonedParts } from './date-format.ts'
import { safeTimeZone } from './zoned-time.ts'

describe('shared date pieces', () => {
	it('writes 12-hour times with AM and PM', () => {
		expect(formatTime12(0, 5)).toBe('12:05 AM')
		expect(formatTime12(12, 0)).toBe('12:00 PM')
		expect(formatTime12(23, 59)).toBe('11:59 PM')
	})

	it('reads wall-clock parts in a zone and falls back to UTC for an unknown one', () => {
		const instant = new Date('2026-03-08T07:30:00Z')
		expect(zonedParts(instant, 'America/New_York')).toEqual({ year: 2026, month: 3, day: 8, hour: 3, minute: 30 })
		expect(safeTimeZone('Not/AZone')).toBe('UTC')
		expect(zonedParts(instant, null).hour).toBe(7)
		expect(MONTH_ABBREVIATIONS[2]).toBe('Mar')
	})
})
