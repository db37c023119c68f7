import type { MetricId } from './metrics.ts'
import type { PredictionPoint } from './predictions.ts'

/**
 * The value axis of a prediction chart. With few readings the 95 % prediction
 * interval is honest but can be huge (three cholesterol readings give a band
 * up to about 1,700 mg/dL); an axis that follows it flattens the readings into
 * a line. So the axis is set by the readings and the fitted line, widened
 * towards the band by at most a few times the readings' own spread, and never
 * beyond what the metric can plausibly measure. The band is cut at the axis
 * (the chart says so), and an interval wider than a quarter of the forecast
 * value on either side is called too wide to be useful, in words.
 */

/** Values a person can plausibly have (the axis never goes beyond these). */
export const PLAUSIBLE_RANGES: Record<MetricId, { min: number; max: number }> = {
	'blood-pressure': { min: 30, max: 260 },
	cholesterol: { min: 50, max: 500 },
	glucose: { min: 20, max: 600 },
	bmi: { min: 10, max: 70 },
}

/** Half-width of the 95 % interval, as a share of the forecast, above which it is too wide to be useful. */
export const TOO_WIDE_SHARE = 0.25

export type PredictionAxis = {
	min: number
	max: number
	/** Some part of the interval lies beyond the axis and is cut off. */
	isBandClipped: boolean
	/** The interval of the last forecast is too wide to say where the value is heading. */
	isIntervalTooWide: boolean
	/** The widest last-forecast interval (of the series), for the sentence that says so. */
	widestInterval: { lower: number; upper: number } | null
}

function finite(values: (number | null | undefined)[]) {
	return values.filter((value): value is number => typeof value === 'number' && Number.isFinite(value))
}

/** A round step for an axis spanning `span` (1, 2 or 5 times a power of ten, about five ticks). */
export function niceStep(span: number) {
	const raw = Math.max(span, 1e-9) / 5
	const power = 10 ** Math.floor(Math.log10(raw))
	const step = [1, 2, 5, 10].find((factor) => factor * power >= raw)! * power
	return step
}

/** The axis for one metric's prediction chart; `series` holds each line's points (systolic and diastolic for blood pressure). */
export function predictionAxis(metricId: MetricId, series: PredictionPoint[][]): PredictionAxis {
	const plausible = PLAUSIBLE_RANGES[metricId]
	const points = series.flat()
	const values = finite(points.flatMap((point) => [point.actual, point.predicted]))
	const lowers = finite(points.map((point) => point.lowerBound))
	const uppers = finite(points.map((point) => point.upperBound))
	if (values.length === 0) {
		return { min: plausible.min, max: plausible.max, isBandClipped: false, isIntervalTooWide: false, widestInterval: null }
	}
	const low = Math.min(...values)
	const high = Math.max(...values)
	// At least 10 % of the values' size, so a flat series still has some room.
	const spread = Math.max(high - low, Math.abs(high) * 0.1)
	const reach = spread * 2
	const wantedMin = Math.max(plausible.min, low - reach, Math.min(low - spread * 0.5, ...lowers))
	const wantedMax = Math.min(plausible.max, high + reach, Math.max(high + spread * 0.5, ...uppers))
	const step = niceStep(wantedMax - wantedMin)
	// Rounded outwards to the step, but not past the plausible range (unless a reading is).
	const min = Math.min(low, Math.max(plausible.min, Math.floor(wantedMin / step) * step))
	const max = Math.max(high, Math.min(plausible.max, Math.ceil(wantedMax / step) * step))
	const isBandClipped = lowers.some((value) => value < min) || uppers.some((value) => value > max)

	let widestInterval: PredictionAxis['widestInterval'] = null
	let isIntervalTooWide = false
	for (const line of series) {
		const last = line.filter((point) => point.isForecast && point.predicted !== null).at(-1)
		if (!last || last.lowerBound === undefined || last.upperBound === undefined) continue
		const halfWidth = (last.upperBound - last.lowerBound) / 2
		if (!widestInterval || last.upperBound - last.lowerBound > widestInterval.upper - widestInterval.lower) {
			widestInterval = { lower: last.lowerBound, upper: last.upperBound }
		}
		if (halfWidth > Math.abs(last.predicted!) * TOO_WIDE_SHARE) isIntervalTooWide = true
	}
	return { min, max, isBandClipped, isIntervalTooWide, widestInterval }
}

/** The band's values cut at the axis, so the shading stops at the chart's edge. */
export function clipToAxis(values: (number | null)[], axis: { min: number; max: number }): (number | null)[] {
	return values.map((value) => (value === null ? null : Math.min(axis.max, Math.max(axis.min, value))))
}

export const PREDICTION_AXIS_TEXTS = {
	bandClipped: 'The shaded interval reaches beyond the chart and is cut off at its edge.',
	tooWide: (lower: number, upper: number, unit: string) =>
		`Too uncertain to be useful yet: with these readings the value in 3 months could be anywhere from ${lower} to ${upper}${unit} (95% interval). More readings will narrow it.`,
} as const
