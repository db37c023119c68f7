import { addDaysToLocalDate } from '#server/time/shared/zoned-time.ts'
import { toLocalDate } from './dates.ts'
import type { DateInput, LocalDate } from './types.ts'

/**
 * The /trends time ranges. A range is a fixed number of days counted back from
 * 'today' (1m = 30, 3m = 90, 6m = 180, 1y = 365), so the default range (6m)
 * and the default overall trend window (180 days) are the same window.
 * The window is inclusive: it starts `days` days before today and ends today.
 */

export const TIME_RANGES = ['1m', '3m', '6m', '1y', 'all'] as const
export type TimeRange = (typeof TIME_RANGES)[number]

export const DEFAULT_TIME_RANGE: TimeRange = '6m'

export const TIME_RANGE_LABELS: Record<TimeRange, string> = {
	'1m': 'Last month',
	'3m': 'Last 3 months',
	'6m': 'Last 6 months',
	'1y': 'Last year',
	all: 'All time',
}

const TIME_RANGE_DAYS: Record<TimeRange, number | null> = {
	'1m': 30,
	'3m': 90,
	'6m': 180,
	'1y': 365,
	all: null,
}

/** Default window of GET /health/trends?days=n. */
export const DEFAULT_TREND_DAYS = 180
/** Default window of GET /health/parameters/{id}/trends?days=n. */
export const DEFAULT_PARAMETER_TREND_DAYS = 90
/** Longest window a days parameter may ask for (100 years). */
export const MAX_TREND_DAYS = 36_500

export function isTimeRange(value: unknown): value is TimeRange {
	return typeof value === 'string' && (TIME_RANGES as readonly string[]).includes(value)
}

/** A range from a query string; anything unknown or missing gives the default (6m). */
export function parseTimeRange(value: string | null | undefined): TimeRange {
	return isTimeRange(value) ? value : DEFAULT_TIME_RANGE
}

/** Days a range covers, or null for all time. */
export function daysInTimeRange(range: TimeRange): number | null {
	return TIME_RANGE_DAYS[range]
}

/** First date inside the range (inclusive), or null for all time. */
export function timeRangeStartDate(range: TimeRange, today: DateInput): LocalDate | null {
	const days = TIME_RANGE_DAYS[range]
	return days === null ? null : addDaysToLocalDate(toLocalDate(today), -days)
}

/**
 * A `days` query parameter: a whole number from 1 to MAX_TREND_DAYS. Missing,
 * empty or malformed values give the fallback; numbers above the maximum are
 * capped.
 */
export function parseTrendDays(value: string | null | undefined, fallback: number = DEFAULT_TREND_DAYS): number {
	if (value === null || value === undefined || !/^\d+$/.test(value.trim())) return fallback
	const days = Number(value.trim())
	if (days < 1) return fallback
	return Math.min(days, MAX_TREND_DAYS)
}

export function parseParameterTrendDays(value: string | null | undefined): number {
	return parseTrendDays(value, DEFAULT_PARAMETER_TREND_DAYS)
}

/** First date of a window of `days` days ending today (inclusive). */
export function trendWindowStartDate(days: number, today: DateInput): LocalDate {
	return addDaysToLocalDate(toLocalDate(today), -days)
}

/** Whether a date falls inside [start, today]; a null start means no lower bound. */
export function isWithinWindow(date: LocalDate, start: LocalDate | null, today: DateInput): boolean {
	return (start === null || date >= start) && date <= toLocalDate(today)
}
