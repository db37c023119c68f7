import { describe, expect, it } from 'vitest'
import { formatHealthDate, formatHealthDateTime, unitSuffix } from './format.ts'

describe('health formatting', () => {
	it('writes dates the en-US way', () => {
		expect(formatHealthDate('2025-03-14')).toBe('Mar 14, 2025')
		expect(formatHealthDate('soon')).toBe('soon')
	})

	it('writes instants in the patient zone with a 12-hour clock', () => {
		const instant = new Date('2026-03-01T03:30:00Z')
		expect(formatHealthDateTime(instant, 'America/New_York')).toBe('Feb 28, 2026, 10:30 PM')
		expect(formatHealthDateTime(instant, null)).toBe('Mar 1, 2026, 3:30 AM')
		expect(formatHealthDateTime(new Date('2026-03-01T12:05:00Z'), 'Nowhere/Zone')).toBe('Mar 1, 2026, 12:05 PM')
	})

	it('attaches units', () => {
		expect(unitSuffix('mmHg')).toBe(' mmHg')
		expect(unitSuffix('%')).toBe('%')
		expect(unitSuffix('mm[Hg]')).toBe(' mmHg')
		expect(unitSuffix('kg/m2')).toBe(' kg/m²')
		expect(unitSuffix('1')).toBe('')
		expect(unitSuffix(null)).toBe('')
	})
})
