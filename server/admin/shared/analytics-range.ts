/** The time ranges of the admin analytics and reports (browser-safe). */
export const ANALYTICS_RANGES = [
	{ value: '7d', label: 'Last 7 days', days: 7 },
	{ value: '30d', label: 'Last 30 days', days: 30 },
	{ value: '90d', label: 'Last 90 days', days: 90 },
] as const

export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number]['value']

export function readAnalyticsRange(value: string | null): (typeof ANALYTICS_RANGES)[number] {
	return ANALYTICS_RANGES.find((range) => range.value === value) ?? ANALYTICS_RANGES[1]
}

/** The UTC days 'YYYY-MM-DD' from `from` up to and including `to`'s day. */
export function utcDays(from: Date, to: Date) {
	const days: string[] = []
	const cursor = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()))
	while (cursor <= to) {
		days.push(cursor.toISOString().slice(0, 10))
		cursor.setUTCDate(cursor.getUTCDate() + 1)
	}
	return days
}
