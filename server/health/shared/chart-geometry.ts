import { MONTH_ABBREVIATIONS as MONTHS } from '#server/time/shared/date-format.ts'
import type { MetricChartModel, PredictionChartModel } from './chart-data.ts'
import { formatHealthDate, unitSuffix } from './format.ts'
import { clipToAxis, niceStep } from './prediction-axis.ts'
import { PREDICTION_TEXTS, TRENDS_TEXTS } from './texts.ts'

/**
 * Where everything of a health chart sits, in percent of the plot area (x from
 * the left, y from the top), so the server draws the chart as SVG and HTML at
 * any width without JavaScript (decision 027). Colours are names of
 * CHART_COLORS (app/components/health/chart-colors.ts).
 */

export type ChartColorName = 'primary' | 'secondary' | 'abnormal' | 'band' | 'secondaryBand' | 'predicted' | 'interval'

export type ChartXY = { x: number; y: number }

export type ChartMarker = ChartXY & { shape: 'circle' | 'triangle' | 'diamond'; color: ChartColorName; title: string }

/**
 * An x-axis label: where, what, from which chart width it is shown ('always'; 'medium': a chart
 * at least 28rem wide; 'wide': 42rem), so a phone's chart shows fewer labels that never run into
 * each other; and which way it extends from its tick (the outermost ones stay inside the chart).
 */
export type ChartXTick = { at: number; label: string; shownFrom: 'always' | 'medium' | 'wide'; align: 'start' | 'center' | 'end' }

export type ChartGeometry = {
	xTicks: ChartXTick[]
	yTicks: { at: number; label: string }[]
	/** Horizontal reference bands, top and bottom in percent. */
	bands: { top: number; bottom: number; color: ChartColorName }[]
	/** Shaded areas (prediction intervals) as closed outlines. */
	areas: { outline: ChartXY[]; color: ChartColorName }[]
	lines: { path: ChartXY[]; color: ChartColorName; isDashed: boolean; markers: ChartMarker[] }[]
	legend: { label: string; color: ChartColorName; isDashed: boolean; shape: ChartMarker['shape'] }[]
}

const DAY_MS = 86_400_000

const tidy = (value: number) => Number(value.toPrecision(12))

/** The round values from min to max (both included when round), one niceStep apart. */
export function linearTicks(min: number, max: number): number[] {
	const step = niceStep(max - min)
	const ticks: number[] = []
	for (let index = Math.ceil(tidy(min / step)); tidy(index * step) <= max; index++) ticks.push(tidy(index * step))
	return ticks
}

/** A label near the chart's edge extends inwards. */
function tickAlign(at: number): ChartXTick['align'] {
	return at < 8 ? 'start' : at > 92 ? 'end' : 'center'
}

/** 'Mar 14' on a short axis, 'Mar 2025' on one longer than three months. */
export function dateTickLabel(ms: number, spanDays: number) {
	const date = new Date(ms)
	const month = MONTHS[date.getUTCMonth()]
	return spanDays > 92 ? `${month} ${date.getUTCFullYear()}` : `${month} ${date.getUTCDate()}`
}

function scale(min: number, max: number) {
	const span = max - min || 1
	return { x: (value: number) => tidy(((value - min) / span) * 100), y: (value: number) => tidy(((max - value) / span) * 100) }
}

/** A metric over time: the reference ranges as bands, abnormal readings as red triangles. */
export function metricChartGeometry(model: MetricChartModel): ChartGeometry {
	const values = model.lines.flatMap((line) => line.points.map((point) => point.y))
	const bounds = model.bands.flatMap((band) => [band.min, band.max]).filter((value): value is number => value !== null)
	const all = [...values, ...bounds]
	const low = Math.min(...all)
	const high = Math.max(...all)
	const padding = Math.max(1, (high - low) * 0.1)
	const step = niceStep(high + padding - Math.max(0, low - padding))
	const yMin = Math.floor(Math.max(0, low - padding) / step) * step
	const yMax = Math.ceil((high + padding) / step) * step
	const xPadding = Math.max(DAY_MS, (model.xMax - model.xMin) * 0.03)
	const y = scale(yMin, yMax).y
	const x = scale(model.xMin - xPadding, model.xMax + xPadding).x
	const spanDays = (model.xMax - model.xMin) / DAY_MS
	const tickCount = Math.min(6, Math.floor(spanDays) + 1)
	// On a narrow chart the first, middle and last dates only
	const shownAlways = new Set([0, Math.round((tickCount - 1) / 2), tickCount - 1])
	const xTicks = Array.from({ length: tickCount }, (_, index): ChartXTick => {
		const ms = tickCount === 1 ? model.xMin : model.xMin + Math.round(((model.xMax - model.xMin) * index) / (tickCount - 1) / DAY_MS) * DAY_MS
		const at = x(ms)
		return {
			at,
			label: dateTickLabel(ms, spanDays),
			shownFrom: shownAlways.has(index) ? 'always' : 'medium',
			align: tickCount === 1 ? 'center' : tickAlign(at),
		}
	})
	const suffix = unitSuffix(model.unit)
	const lineColors = ['primary', 'secondary'] as const
	const bandColors = ['band', 'secondaryBand'] as const
	return {
		xTicks,
		yTicks: linearTicks(yMin, yMax).map((value) => ({ at: y(value), label: String(value) })),
		bands: model.bands.map((band, index) => ({
			top: band.max === null ? 0 : Math.max(0, y(band.max)),
			bottom: band.min === null ? 100 : Math.min(100, y(band.min)),
			color: bandColors[index % bandColors.length],
		})),
		areas: [],
		lines: model.lines.map((line, index) => {
			const color = lineColors[index % lineColors.length]
			return {
				path: line.points.map((point) => ({ x: x(point.x), y: y(point.y) })),
				color,
				isDashed: false,
				markers: line.points.map((point) => ({
					x: x(point.x),
					y: y(point.y),
					shape: point.flag ? 'triangle' : 'circle',
					color: point.flag ? 'abnormal' : color,
					title: `${formatHealthDate(point.date)}: ${line.label} ${point.text}${suffix}${point.flag ? ` (${TRENDS_TEXTS.abnormalFlag[point.flag]})` : ''}`,
				})),
			}
		}),
		// The points' red triangles mark abnormal readings, not a series: a legend only for two lines.
		legend:
			model.lines.length > 1
				? model.lines.map((line, index) => ({ label: line.label, color: lineColors[index % lineColors.length], isDashed: false, shape: 'circle' }))
				: [],
	}
}

export type PredictionChartSeries = { name: string | null; model: PredictionChartModel }

function seriesLabel(name: string | null, kind: string) {
	return name ? `${name} ${kind.toLowerCase()}` : kind
}

/** The runs of months where both bounds are known, each as an outline: upper bounds forward, lower bounds back. */
function intervalOutlines(lower: (number | null)[], upper: (number | null)[], toXY: (index: number, value: number) => ChartXY) {
	const outlines: ChartXY[][] = []
	let run: number[] = []
	const close = () => {
		if (run.length > 0) outlines.push([...run.map((index) => toXY(index, upper[index]!)), ...[...run].reverse().map((index) => toXY(index, lower[index]!))])
		run = []
	}
	lower.forEach((value, index) => (value !== null && upper[index] !== null ? run.push(index) : close()))
	close()
	return outlines
}

/** Actual versus predicted values by month, the 95 % interval shaded and cut at the axis (prediction-axis.ts). */
export function predictionChartGeometry(series: PredictionChartSeries[], unit: string | null, axis: { min: number; max: number }): ChartGeometry {
	const labels = series[0]?.model.labels ?? []
	const count = labels.length
	// Each month in the middle of its slot, as a category axis does.
	const x = (index: number) => tidy(((index + 0.5) / Math.max(1, count)) * 100)
	const y = scale(axis.min, axis.max).y
	const toXY = (index: number, value: number) => ({ x: x(index), y: y(value) })
	const suffix = unitSuffix(unit)
	const known = (values: (number | null)[]) => values.flatMap((value, index) => (value === null ? [] : [{ index, value }]))
	const geometry: ChartGeometry = {
		// ten months: every third on a narrow chart, all on a wide one
		xTicks: labels.map((label, index): ChartXTick => ({ at: x(index), label, shownFrom: index % 3 === 0 ? 'always' : 'wide', align: 'center' })),
		yTicks: linearTicks(axis.min, axis.max).map((value) => ({ at: y(value), label: String(value) })),
		bands: [],
		areas: [],
		lines: [],
		legend: [],
	}
	series.forEach(({ name, model }, seriesIndex) => {
		const strong = seriesIndex === 0 ? 'primary' : 'secondary'
		const predictedLabel = seriesLabel(name, PREDICTION_TEXTS.legendPredicted)
		const actualLabel = seriesLabel(name, PREDICTION_TEXTS.legendActual)
		const lower = clipToAxis(model.lower, axis)
		const upper = clipToAxis(model.upper, axis)
		for (const outline of intervalOutlines(lower, upper, toXY)) geometry.areas.push({ outline, color: 'interval' })
		const predicted = known(model.predicted)
		geometry.lines.push({
			path: predicted.map(({ index, value }) => toXY(index, value)),
			color: 'predicted',
			isDashed: true,
			markers: predicted
				.filter(({ index }) => index >= model.forecastStart)
				.map(({ index, value }) => ({
					...toXY(index, value),
					shape: 'diamond',
					color: 'predicted',
					title: `${labels[index]}: ${predictedLabel} ${value}${suffix}${lower[index] !== null && upper[index] !== null ? ` (${model.lower[index]}–${model.upper[index]}${suffix})` : ''}`,
				})),
		})
		const actual = known(model.actual)
		geometry.lines.push({
			path: actual.map(({ index, value }) => toXY(index, value)),
			color: strong,
			isDashed: false,
			markers: actual.map(({ index, value }) => ({
				...toXY(index, value),
				shape: 'circle',
				color: strong,
				title: `${labels[index]}: ${actualLabel} ${value}${suffix}`,
			})),
		})
		geometry.legend.push(
			{ label: predictedLabel, color: 'predicted', isDashed: true, shape: 'diamond' },
			{ label: actualLabel, color: strong, isDashed: false, shape: 'circle' },
		)
	})
	return geometry
}
