import { describe, expect, it } from 'vitest'
import { addDaysToLocalDate, isValidLocalDate } from '#server/time/shared/zoned-time.ts'
import { addMonthsToMonthKey, ageInYears, daysBetween, formatMonthLabel, monthKeyOf, toLocalDate } from './dates.ts'

describe('calendar dates', () => {
	it('accepts only real YYYY-MM-DD dates', () => {
		expect(isValidLocalDate('2024-02-29')).toBe(true)
		expect(isValidLocalDate('2023-02-29')).toBe(false)
		expect(isValidLocalDate('2024-13-01')).toBe(false)
		expect(isValidLocalDate('2024-1-01')).toBe(false)
	})

	it('reads a Date as its UTC calendar date', () => {
		expect(toLocalDate(new Date('2024-03-10T23:30:00Z'))).toBe('2024-03-10')
		expect(toLocalDate('2024-03-10')).toBe('2024-03-10')
		expect(() => toLocalDate('10/03/2024')).toThrow()
	})

	it('adds days across month and leap-year boundaries', () => {
		expect(addDaysToLocalDate('2024-02-28', 1)).toBe('2024-02-29')
		expect(addDaysToLocalDate('2024-03-01', -1)).toBe('2024-02-29')
		expect(addDaysToLocalDate('2024-06-28', -180)).toBe('2023-12-31')
		expect(daysBetween('2024-01-01', '2024-03-01')).toBe(60)
		expect(daysBetween('2024-03-01', '2024-01-01')).toBe(-60)
	})

	it('moves between months and labels them', () => {
		expect(monthKeyOf('2024-07-04')).toBe('2024-07')
		expect(addMonthsToMonthKey('2024-11', 3)).toBe('2025-02')
		expect(addMonthsToMonthKey('2024-03', -6)).toBe('2023-09')
		expect(formatMonthLabel('2025-02')).toBe('Feb 2025')
	})

	it('counts completed years of age', () => {
		expect(ageInYears('1969-06-15', '2024-06-14')).toBe(54)
		expect(ageInYears('1969-06-15', '2024-06-15')).toBe(55)
	})
})
