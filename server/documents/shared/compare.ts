/** Display helpers for Compare Records (spec 2.6). Browser-safe. */

export const COMPARE_TEXTS = {
	needsTwoDates: 'Compare needs lab results from at least two dates. Upload another lab report to compare.',
	noParameters: 'No lab values were found for these dates.',
	noDocuments: 'No documents for this date.',
	notMeasured: 'Not measured',
	/** each report's own range, under its value */
	range: (range: string) => `Range ${range}`,
	/** the left value in the right's unit, when the reports print units that differ by a factor */
	convertedAs: (measurement: string) => `= ${measurement}`,
} as const

/**
 * The two test dates to compare: the requested ones when the patient has lab
 * values on them, otherwise the two newest (left the older, right the newer).
 * Null when there are fewer than two dates. `dates` is newest first.
 */
export function pickCompareDates(dates: readonly string[], left?: string | null, right?: string | null) {
	if (dates.length < 2) return null
	return {
		left: left && dates.includes(left) ? left : dates[1]!,
		right: right && dates.includes(right) ? right : dates[0]!,
	}
}

/** '107 mg/dL', or the value alone when it has no unit (the one measurement format, server/health/shared/measurement.ts). */
export { formatMeasurement } from '#server/health/shared/measurement.ts'

function formatBound(value: number) {
	return String(Number(value.toFixed(4)))
}

/** The printed range when there is one, else one built from the bounds ('70-99', '>59', '<200'); '—' when none. */
export function formatReferenceRange(range: { referenceRangeText?: string | null; referenceRangeMin?: number | null; referenceRangeMax?: number | null }) {
	const text = range.referenceRangeText?.trim()
	if (text) return text
	const { referenceRangeMin: min, referenceRangeMax: max } = range
	if (min != null && max != null) return `${formatBound(min)}-${formatBound(max)}`
	if (min != null) return `>${formatBound(min)}`
	if (max != null) return `<${formatBound(max)}`
	return '—'
}

export type ChangeDirection = 'up' | 'down' | 'same'

function signed(value: number, digits: number) {
	const rounded = Number(value.toFixed(digits))
	if (rounded === 0) return '0'
	return `${rounded > 0 ? '+' : '-'}${Math.abs(rounded)}`
}

/**
 * The change from left to right as an arrow direction and a text:
 * '+29 (+37.2%)', '-0.5 (-10%)', '0 (0%)'. Null when the two values cannot be
 * compared (one side missing, or different units).
 */
export function describeChange(change: number | null | undefined, changePercent: number | null | undefined) {
	if (change == null) return null
	const direction: ChangeDirection = change > 0 ? 'up' : change < 0 ? 'down' : 'same'
	const percent = changePercent == null ? '' : ` (${signed(changePercent, 1)}%)`
	const arrow = direction === 'up' ? '↑' : direction === 'down' ? '↓' : '→'
	const words = direction === 'up' ? 'Increased by' : direction === 'down' ? 'Decreased by' : 'No change'
	return { direction, arrow, text: `${signed(change, 4)}${percent}`, words }
}
