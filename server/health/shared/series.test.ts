import { describe, expect, it } from 'vitest'
import { buildMetricSeries, buildParameterSeries, buildParameterTrends } from './series.ts'
import { formatMetricValue } from './metrics.ts'
import { makeBloodPressure, makeParameter } from '#tests/support/health-parameters.ts'

const today = '2024-06-28'

describe('metric series', () => {
	const glucose = [
		makeParameter('glucose', 92, '2023-06-01'),
		makeParameter('glucose', 95, '2024-01-10'),
		makeParameter('glucose', 104, '2024-03-05'),
		makeParameter('glucose', 60, '2024-05-20'),
		makeParameter('glucose', 97, '2024-06-20', { referenceRangeMin: 65, referenceRangeMax: 110 }),
	]

	it('keeps the readings of the chosen range and changes with it', () => {
		// 6m starts 2023-12-31, 1m starts 2024-05-29
		expect(buildMetricSeries(glucose, 'glucose', { range: '6m', today }).points.map((point) => point.date)).toEqual([
			'2024-01-10',
			'2024-03-05',
			'2024-05-20',
			'2024-06-20',
		])
		expect(buildMetricSeries(glucose, 'glucose', { range: '1m', today }).points.map((point) => point.date)).toEqual(['2024-06-20'])
		expect(buildMetricSeries(glucose, 'glucose', { range: 'all', today }).points).toHaveLength(5)
	})

	it('shades the newest stored reference range and grades each point against its own printed range only', () => {
		const series = buildMetricSeries(glucose, 'glucose', { range: '6m', today })
		expect(series.referenceRange).toEqual({ min: 65, max: 110 })
		// One grading rule (decision 025): a point is graded as its document page grades it. The
		// rows without a range of their own are not graded (60 mg/dL is above the critical 50),
		// not judged against another report's range.
		expect(series.points.map((point) => [point.value, point.flag, point.isGraded])).toEqual([
			[95, null, false],
			[104, null, false],
			[60, null, false],
			[97, null, true],
		])
		expect(series.abnormalCount).toBe(0)
	})

	it('shades no default band where no guideline grades the code, and respects a stored status', () => {
		const series = buildMetricSeries([makeParameter('glucose', 104, '2024-03-05'), makeParameter('glucose', 90, '2024-04-05', { status: 'high' })], 'glucose', {
			range: '6m',
			today,
		})
		expect(series.referenceRange).toBeNull()
		expect(series.points.map((point) => [point.flag, point.isGraded])).toEqual([
			[null, false],
			['high', true],
		])
	})

	it('flags a blood pressure when either number is outside its range', () => {
		const series = buildMetricSeries(
			[...makeBloodPressure(118, 76, '2024-04-01'), ...makeBloodPressure(118, 84, '2024-05-01'), ...makeBloodPressure(185, 100, '2024-06-01')],
			'blood-pressure',
			{ range: '6m', today },
		)
		// ACC/AHA 2017 normal: below 120 / 80, no lower limit
		expect(series.referenceRange).toEqual({ min: null, max: 119 })
		expect(series.diastolicReferenceRange).toEqual({ min: null, max: 79 })
		expect(series.points.map((point) => [point.value, point.diastolic, point.flag])).toEqual([
			[118, 76, null],
			[118, 84, 'high'],
			[185, 100, 'critical'],
		])
	})

	it('grades the number it shows: BMI 24.97 is 25.0 and overweight, systolic 129.97 over 79.6 is 130/80 and stage 1', () => {
		const [bmi] = buildMetricSeries([makeParameter('bmi', 24.97, '2024-06-20')], 'bmi', { range: '1m', today }).points
		expect(formatMetricValue('bmi', bmi)).toBe('25.0')
		expect(bmi.gradeLabel).toBe('Overweight (pre-obesity) (WHO)')
		const [pressure] = buildMetricSeries(makeBloodPressure(129.97, 79.6, '2024-06-20'), 'blood-pressure', { range: '1m', today }).points
		expect(formatMetricValue('blood-pressure', pressure)).toBe('130/80')
		expect(pressure.gradeLabel).toBe('Stage 1 hypertension (ACC/AHA)')
	})

	it('is empty for a range without readings', () => {
		const series = buildMetricSeries(glucose.slice(0, 1), 'glucose', { range: '1y', today })
		expect(series.points).toEqual([])
		expect(series.startDate).toBe('2023-06-29')
	})
})

describe('parameter series', () => {
	const rows = [
		makeParameter('ferritin', 12, '2024-01-15', {
			name: 'Ferritin',
			unit: 'ng/mL',
			referenceRangeMin: 15,
			referenceRangeMax: 150,
		}),
		makeParameter('ferritin', 40, '2024-04-15', {
			name: 'Ferritin',
			unit: 'ng/mL',
			referenceRangeMin: 15,
			referenceRangeMax: 150,
		}),
		makeParameter('hba1c', 5.9, '2024-05-15', { name: 'HbA1c' }),
	]

	it('defaults to the last 90 days for one parameter', () => {
		const series = buildParameterSeries(rows, 'ferritin', { today })
		expect(series.startDate).toBe('2024-03-30')
		expect(series.points.map((point) => point.value)).toEqual([40])
		expect(series).toMatchObject({ name: 'Ferritin', unit: 'ng/mL', referenceRange: { min: 15, max: 150 } })
	})

	it('lists every parameter with readings in the last 180 days', () => {
		const trends = buildParameterTrends(rows, { today })
		expect(trends.map((series) => [series.code, series.points.length, series.abnormalCount])).toEqual([
			['ferritin', 2, 1],
			// no range printed for HbA1c: not graded (decision 025)
			['hba1c', 1, 0],
		])
		expect(buildParameterTrends(rows, { today, days: 30 })).toEqual([])
	})
})
