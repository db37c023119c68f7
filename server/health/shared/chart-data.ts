import type { PredictionPoint } from './predictions.ts'
import type { AbnormalFlag, MetricSeries } from './series.ts'
import type { ReferenceRange } from './types.ts'
import { formatHealthDate, unitSuffix } from './format.ts'
import { displayUnit } from './measurement.ts'
import { formatMetricNumber } from './metrics.ts'

/**
 * Plain chart models built from the domain's series, for Chart.js (and for the
 * text and table versions shown next to each chart). No Chart.js import here.
 */

/** `text`: the value as the trends table writes it (the metric's usual precision, formatMetricValue), for tooltips. */
export type ChartPoint = { x: number; y: number; text: string; date: string; flag: AbnormalFlag | null }

export type ChartLine = { key: 'value' | 'diastolic'; label: string; points: ChartPoint[] }

export type ChartBand = { label: string; min: number | null; max: number | null }

export type MetricChartModel = {
	lines: ChartLine[]
	bands: ChartBand[]
	/** in human form ('mmHg', 'kg/m²') */
	unit: string | null
	/** Time axis bounds in ms since the epoch (UTC). */
	xMin: number
	xMax: number
}

/** Midnight UTC of a 'YYYY-MM-DD' date, in ms. */
export function dateToEpochMs(date: string): number {
	const [year, month, day] = date.split('-').map(Number)
	return Date.UTC(year, month - 1, day)
}

/** '70-99 mg/dL', 'below 200 mg/dL', 'at least 40 mg/dL', or null without bounds. */
export function formatReferenceRange(range: ReferenceRange | null, unit: string | null): string | null {
	if (!range || (range.min === null && range.max === null)) return null
	const suffix = unitSuffix(unit)
	if (range.min !== null && range.max !== null) return `${range.min}–${range.max}${suffix}`
	if (range.max !== null) return `up to ${range.max}${suffix}`
	return `at least ${range.min}${suffix}`
}

export function metricChartModel(series: MetricSeries): MetricChartModel {
	const isBloodPressure = series.metricId === 'blood-pressure'
	const toPoint = (date: string, y: number, flag: AbnormalFlag | null): ChartPoint => ({
		x: dateToEpochMs(date),
		y: Math.round(y * 10) / 10,
		text: formatMetricNumber(series.metricId, y),
		date,
		flag,
	})
	const lines: ChartLine[] = [
		{
			key: 'value',
			label: isBloodPressure ? 'Systolic' : series.name,
			points: series.points.flatMap((point) => (point.value === null ? [] : [toPoint(point.date, point.value, point.flag)])),
		},
	]
	if (isBloodPressure) {
		lines.push({
			key: 'diastolic',
			label: 'Diastolic',
			points: series.points.flatMap((point) => (point.diastolic === null ? [] : [toPoint(point.date, point.diastolic, point.flag)])),
		})
	}
	const bands: ChartBand[] = []
	if (series.referenceRange) {
		bands.push({ label: isBloodPressure ? 'Systolic reference range' : 'Reference range', ...series.referenceRange })
	}
	if (isBloodPressure && series.diastolicReferenceRange) {
		bands.push({ label: 'Diastolic reference range', ...series.diastolicReferenceRange })
	}
	// A range runs from its first day to today; all time spans the readings, first to last.
	const dates = series.points.map((point) => dateToEpochMs(point.date))
	const isAllTime = series.startDate === null && dates.length > 0
	const end = isAllTime ? Math.max(...dates) : dateToEpochMs(series.endDate)
	const start = series.startDate ? dateToEpochMs(series.startDate) : Math.min(end, ...dates)
	return { lines, bands, unit: displayUnit(series.unit) || null, xMin: start, xMax: end }
}

/** One sentence that says what the chart shows (its accessible name and the text without JavaScript). */
export function describeMetricSeries(series: MetricSeries, rangeLabel: string): string {
	const count = series.points.length
	const where = rangeLabel.toLowerCase() === 'all time' ? 'in all time' : `in the ${rangeLabel.toLowerCase()}`
	if (count === 0) return `${series.name}: no readings ${where}.`
	const first = formatHealthDate(series.points[0].date)
	const last = formatHealthDate(series.points[count - 1].date)
	const span = count === 1 ? `on ${first}` : `from ${first} to ${last}`
	const range = formatReferenceRange(series.referenceRange, series.unit)
	const abnormal = series.abnormalCount === 0 ? 'none outside the reference range' : `${series.abnormalCount} outside the reference range`
	return `${series.name}: ${count} reading${count === 1 ? '' : 's'} ${where}, ${span}; ${abnormal}${range ? ` (${range})` : ''}.`
}

export type PredictionChartModel = {
	labels: string[]
	actual: (number | null)[]
	predicted: (number | null)[]
	lower: (number | null)[]
	upper: (number | null)[]
	/** Index of the first forecast point. */
	forecastStart: number
}

export function predictionChartModel(points: PredictionPoint[]): PredictionChartModel {
	const forecastStart = points.findIndex((point) => point.isForecast)
	return {
		labels: points.map((point) => point.label),
		actual: points.map((point) => point.actual),
		predicted: points.map((point) => point.predicted),
		lower: points.map((point) => point.lowerBound ?? null),
		upper: points.map((point) => point.upperBound ?? null),
		forecastStart: forecastStart === -1 ? points.length : forecastStart,
	}
}

/** 'Forecast for Jun 2025: 112.4 mg/dL (between 98.1 and 126.7).' for each forecast point. */
export function describeForecasts(points: PredictionPoint[], unit: string | null): string[] {
	return points
		.filter((point) => point.isForecast && point.predicted !== null)
		.map((point) => `${point.label}: ${point.predicted}${unitSuffix(unit)} (between ${point.lowerBound} and ${point.upperBound})`)
}
