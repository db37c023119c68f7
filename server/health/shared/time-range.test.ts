import { describe, expect, it } from 'vitest'
import {
	DEFAULT_TIME_RANGE,
	TIME_RANGE_LABELS,
	daysInTimeRange,
	isWithinWindow,
	parseParameterTrendDays,
	parseTimeRange,
	parseTrendDays,
	timeRangeStartDate,
	trendWindowStartDate,
} from './time-range.ts'

describe('time ranges', () => {
	it('defaults to the last 6 months', () => {
		expect(DEFAULT_TIME_RANGE).toBe('6m')
		expect(parseTimeRange(undefined)).toBe('6m')
		expect(parseTimeRange('2w')).toBe('6m')
		expect(parseTimeRange('1y')).toBe('1y')
		expect(TIME_RANGE_LABELS['3m']).toBe('Last 3 months')
	})

	it('starts each range the right number of days before today', () => {
		const today = '2024-06-28'
		expect(timeRangeStartDate('1m', today)).toBe('2024-05-29')
		expect(timeRangeStartDate('3m', today)).toBe('2024-03-30')
		expect(timeRangeStartDate('6m', today)).toBe('2023-12-31')
		expect(timeRangeStartDate('1y', today)).toBe('2023-06-29')
		expect(timeRangeStartDate('all', today)).toBeNull()
		expect(daysInTimeRange('6m')).toBe(180)
	})

	it('accepts a Date for today', () => {
		expect(timeRangeStartDate('1m', new Date('2024-03-01T08:00:00Z'))).toBe('2024-01-31')
	})

	it('reads the days parameter with the spec defaults', () => {
		expect(parseTrendDays(null)).toBe(180)
		expect(parseParameterTrendDays(undefined)).toBe(90)
		expect(parseTrendDays('30')).toBe(30)
		expect(parseTrendDays(' 45 ')).toBe(45)
		expect(parseTrendDays('0')).toBe(180)
		expect(parseTrendDays('-5')).toBe(180)
		expect(parseTrendDays('12.5')).toBe(180)
		expect(parseTrendDays('abc')).toBe(180)
		expect(parseTrendDays('999999')).toBe(36_500)
		expect(trendWindowStartDate(90, '2024-06-28')).toBe('2024-03-30')
	})

	it('keeps dates from the start through today', () => {
		expect(isWithinWindow('2023-12-31', '2023-12-31', '2024-06-28')).toBe(true)
		expect(isWithinWindow('2023-12-30', '2023-12-31', '2024-06-28')).toBe(false)
		expect(isWithinWindow('2024-06-29', null, '2024-06-28')).toBe(false)
	})
})
