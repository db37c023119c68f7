import { describe, expect, it } from 'vitest'
import { makeBloodPressure, makeParameter, steadyGlucoseReadings } from '#tests/support/health-parameters.ts'
import { metricChartModel, predictionChartModel } from './chart-data.ts'
import { linearTicks, metricChartGeometry, predictionChartGeometry } from './chart-geometry.ts'
import { predictionAxis } from './prediction-axis.ts'
import { predictMetric, type MetricPrediction } from './predictions.ts'
import { buildMetricSeries } from './series.ts'

describe('axis ticks', () => {
	it('steps by 1, 2 or 5 times a power of ten from the first round value', () => {
		expect(linearTicks(60, 140)).toEqual([60, 80, 100, 120, 140])
		expect(linearTicks(63, 137)).toEqual([80, 100, 120])
		expect(linearTicks(25.3, 31.1)).toEqual([26, 28, 30])
		expect(linearTicks(0.1, 0.35)).toEqual([0.1, 0.15, 0.2, 0.25, 0.3, 0.35])
	})
})

describe('metric chart geometry', () => {
	const range = { referenceRangeMin: 70, referenceRangeMax: 99 }
	const glucose = [makeParameter('glucose', 92, '2026-01-10', range), makeParameter('glucose', 131, '2026-03-02', range)]
	const geometry = metricChartGeometry(metricChartModel(buildMetricSeries(glucose, 'glucose', { range: '6m', today: '2026-04-01' })))

	it('puts the readings in time order on a round value axis, the newer and higher reading right of and above the other', () => {
		expect(geometry.yTicks.map((tick) => tick.label)).toEqual(['60', '80', '100', '120', '140'])
		expect(geometry.yTicks[0].at).toBe(100)
		expect(geometry.yTicks.at(-1)!.at).toBe(0)
		const [first, second] = geometry.lines[0].path
		expect(second.x).toBeGreaterThan(first.x)
		expect(second.y).toBeLessThan(first.y)
		for (const point of geometry.lines[0].path) {
			expect(point.x).toBeGreaterThan(0)
			expect(point.x).toBeLessThan(100)
		}
	})

	it('shades the reference range as a band between its bounds', () => {
		// Axis 60..140: 99 sits at (140 - 99) / 80 = 51.25 % from the top, 70 at 87.5 %.
		expect(geometry.bands).toEqual([{ top: 51.25, bottom: 87.5, color: 'band' }])
	})

	it('marks the abnormal reading as a red triangle whose tooltip says the date, value and flag', () => {
		expect(geometry.lines[0].markers.map((marker) => [marker.shape, marker.color, marker.title])).toEqual([
			['circle', 'primary', 'Jan 10, 2026: Glucose 92 mg/dL'],
			['triangle', 'abnormal', 'Mar 2, 2026: Glucose 131 mg/dL (High)'],
		])
		expect(geometry.legend).toEqual([])
	})

	it('labels the time axis by month and year over six months, from the start of the range to today', () => {
		expect(geometry.xTicks.map((tick) => tick.label)).toEqual(['Oct 2025', 'Nov 2025', 'Dec 2025', 'Jan 2026', 'Feb 2026', 'Apr 2026'])
	})

	it('keeps the first, middle and last date on a narrow chart, the outer labels extending inwards', () => {
		expect(geometry.xTicks.map((tick) => [tick.shownFrom, tick.align])).toEqual([
			['always', 'start'],
			['medium', 'center'],
			['medium', 'center'],
			['always', 'center'],
			['medium', 'center'],
			['always', 'end'],
		])
	})

	it('draws blood pressure as two lines with a legend, and one reading on one day', () => {
		const bloodPressure = metricChartGeometry(
			metricChartModel(buildMetricSeries(makeBloodPressure(128, 82, '2026-04-01'), 'blood-pressure', { range: 'all', today: '2026-04-01' })),
		)
		expect(bloodPressure.legend.map((item) => item.label)).toEqual(['Systolic', 'Diastolic'])
		expect(bloodPressure.lines.map((line) => line.path)).toEqual([[{ x: 50, y: expect.any(Number) }], [{ x: 50, y: expect.any(Number) }]])
		expect(bloodPressure.xTicks).toEqual([{ at: 50, label: 'Apr 1', shownFrom: 'always', align: 'center' }])
	})
})

describe('prediction chart geometry', () => {
	const today = '2023-06-01'
	const prediction = predictMetric(steadyGlucoseReadings(), 'glucose', today) as MetricPrediction
	const model = predictionChartModel(prediction.points)
	const axis = predictionAxis('glucose', [prediction.points])
	const geometry = predictionChartGeometry([{ name: null, model }], prediction.unit, axis)

	it('has one slot per month, the actual values solid and the predicted dashed with diamonds on the forecasts', () => {
		expect(geometry.xTicks.map((tick) => tick.label)).toEqual(model.labels)
		expect(geometry.xTicks[0].at).toBe(5)
		// every third month on a narrow chart
		expect(geometry.xTicks.filter((tick) => tick.shownFrom === 'always').map((tick) => tick.label)).toEqual(['Nov 2022', 'Feb 2023', 'May 2023', 'Aug 2023'])
		expect(geometry.lines.map((line) => [line.color, line.isDashed])).toEqual([
			['predicted', true],
			['primary', false],
		])
		const [predicted, actual] = geometry.lines
		expect(predicted.markers).toHaveLength(3)
		expect(predicted.markers.every((marker) => marker.shape === 'diamond')).toBe(true)
		expect(actual.markers).toHaveLength(model.actual.filter((value) => value !== null).length)
		expect(geometry.legend.map((item) => item.label)).toEqual(['Predicted', 'Actual'])
	})

	it('shades the forecast band between lower and upper bound, upper bounds first', () => {
		expect(geometry.areas).toHaveLength(1)
		const { outline } = geometry.areas[0]
		expect(outline).toHaveLength(6)
		// Upper bound above (nearer the top than) the lower bound of the same month.
		expect(outline[0].x).toBe(outline[5].x)
		expect(outline[0].y).toBeLessThan(outline[5].y)
		expect(predictionChartGeometry([{ name: null, model }], prediction.unit, axis).areas[0].outline.every((point) => point.y >= 0 && point.y <= 100)).toBe(true)
	})

	it('cuts a band wider than the axis at its edges', () => {
		const threeCholesterol = [
			makeParameter('total_cholesterol', 190, '2023-01-10'),
			makeParameter('total_cholesterol', 240, '2023-03-10'),
			makeParameter('total_cholesterol', 205, '2023-05-10'),
		]
		const wide = predictMetric(threeCholesterol, 'cholesterol', today) as MetricPrediction
		const wideAxis = predictionAxis('cholesterol', [wide.points])
		expect(wideAxis.isBandClipped).toBe(true)
		const outline = predictionChartGeometry([{ name: null, model: predictionChartModel(wide.points) }], wide.unit, wideAxis).areas[0].outline
		expect(Math.min(...outline.map((point) => point.y))).toBe(0)
		expect(outline.every((point) => point.y >= 0 && point.y <= 100)).toBe(true)
	})
})
