import { describe, expect, it } from 'vitest'
import { predictMetric } from './predictions.ts'
import { buildMetricSeries } from './series.ts'
import { makeBloodPressure, makeParameter } from '#tests/support/health-parameters.ts'
import { dateToEpochMs, describeForecasts, describeMetricSeries, formatReferenceRange, metricChartModel, predictionChartModel } from './chart-data.ts'

describe('metric chart model', () => {
	const range = { referenceRangeMin: 70, referenceRangeMax: 99 }
	const glucose = [makeParameter('glucose', 92, '2026-01-10', range), makeParameter('glucose', 131, '2026-03-02', range)]

	it('places readings on a time axis with the reference range as a band and flags abnormal points', () => {
		const series = buildMetricSeries(glucose, 'glucose', { range: '6m', today: '2026-04-01' })
		const model = metricChartModel(series)
		expect(model.lines).toHaveLength(1)
		expect(model.lines[0].points.map((point) => [point.date, point.y, point.flag])).toEqual([
			['2026-01-10', 92, null],
			['2026-03-02', 131, 'high'],
		])
		expect(model.bands).toEqual([{ label: 'Reference range', min: 70, max: 99 }])
		expect(model.xMin).toBe(dateToEpochMs('2025-10-03'))
		expect(model.xMax).toBe(dateToEpochMs('2026-04-01'))
		expect(describeMetricSeries(series, 'Last 6 months')).toBe(
			'Glucose: 2 readings in the last 6 months, from Jan 10, 2026 to Mar 2, 2026; 1 outside the reference range (70–99 mg/dL).',
		)
	})

	it('spans the readings on all time, not up to today', () => {
		const series = buildMetricSeries(glucose, 'glucose', { range: 'all', today: '2027-09-01' })
		const model = metricChartModel(series)
		expect(model.xMin).toBe(dateToEpochMs('2026-01-10'))
		expect(model.xMax).toBe(dateToEpochMs('2026-03-02'))
	})

	it('draws a lone systolic value on the systolic line only', () => {
		const series = buildMetricSeries([makeParameter('systolic_bp', 142, '2026-03-02')], 'blood-pressure', { range: '6m', today: '2026-04-01' })
		const model = metricChartModel(series)
		expect(model.lines.map((line) => [line.label, line.points.map((point) => point.text)])).toEqual([
			['Systolic', ['142']],
			['Diastolic', []],
		])
		expect(series.points[0]).toMatchObject({ partialNote: 'Systolic only', flag: 'high' })
	})

	it('shades no band and flags nothing for a code no printed range or guideline grades', () => {
		const series = buildMetricSeries([makeParameter('glucose', 131, '2026-03-02')], 'glucose', { range: '6m', today: '2026-04-01' })
		const model = metricChartModel(series)
		expect(model.bands).toEqual([])
		expect(model.lines[0].points.map((point) => point.flag)).toEqual([null])
	})

	it('writes each point as the trends table does: a FHIR float at the metric precision, the unit in human form', () => {
		const series = buildMetricSeries(makeBloodPressure(188.55088885812418, 104.90588338613034, '2026-03-01'), 'blood-pressure', {
			range: 'all',
			today: '2026-04-01',
		})
		const model = metricChartModel(series)
		expect(model.lines.map((line) => line.points.map((point) => point.text))).toEqual([['189'], ['105']])
		expect(model.unit).toBe('mmHg')
		// graded by ACC/AHA 2017 (no printed range): a hypertensive crisis
		expect(series.points[0]).toMatchObject({ flag: 'critical', gradeLabel: 'Hypertensive crisis (ACC/AHA)' })
	})

	it('draws systolic and diastolic lines with their own bands for blood pressure', () => {
		const series = buildMetricSeries(makeBloodPressure(128, 82, '2026-03-01'), 'blood-pressure', { range: 'all', today: '2026-04-01' })
		const model = metricChartModel(series)
		expect(model.lines.map((line) => [line.label, line.points.map((point) => point.y)])).toEqual([
			['Systolic', [128]],
			['Diastolic', [82]],
		])
		expect(model.bands.map((band) => band.label)).toEqual(['Systolic reference range', 'Diastolic reference range'])
		expect(model.xMin).toBe(dateToEpochMs('2026-03-01'))
		expect(describeMetricSeries(series, 'All time')).toMatch(/^Blood Pressure: 1 reading in all time, on Mar 1, 2026;/)
	})

	it('writes reference ranges with one or two bounds', () => {
		expect(formatReferenceRange({ min: null, max: 199 }, 'mg/dL')).toBe('up to 199 mg/dL')
		expect(formatReferenceRange({ min: 40, max: null }, 'mg/dL')).toBe('at least 40 mg/dL')
		expect(formatReferenceRange(null, 'mg/dL')).toBeNull()
	})
})

describe('prediction chart model', () => {
	it('has 10 labels with actual values first and 3 forecasts with bounds', () => {
		const readings = [
			makeParameter('glucose', 95, '2026-01-05'),
			makeParameter('glucose', 99, '2026-02-05'),
			makeParameter('glucose', 104, '2026-03-05'),
			makeParameter('glucose', 108, '2026-04-05'),
		]
		const prediction = predictMetric(readings, 'glucose', '2026-04-20')
		if (prediction.status !== 'ready') throw new Error('expected a prediction')
		const model = predictionChartModel(prediction.points)
		expect(model.labels).toHaveLength(10)
		expect(model.forecastStart).toBe(7)
		expect(model.actual.slice(7)).toEqual([null, null, null])
		expect(model.lower.slice(0, 7).every((value) => value === null)).toBe(true)
		expect(model.upper.slice(7).every((value) => value !== null)).toBe(true)
		expect(describeForecasts(prediction.points, 'mg/dL')).toHaveLength(3)
		expect(describeForecasts(prediction.points, 'mg/dL')[0]).toMatch(/^May 2026: [\d.]+ mg\/dL \(between [\d.]+ and [\d.]+\)$/)
	})
})
