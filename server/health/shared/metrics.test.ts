import { describe, expect, it } from 'vitest'
import { buildMetricCard, buildMetricCards, findComparisonReading, formatPercentChange, percentChange, trendColorOf, trendDirectionOf } from './metrics.ts'
import { makeBloodPressure, makeParameter } from '#tests/support/health-parameters.ts'

const today = '2024-06-28'

describe('previous-month comparison', () => {
	it('compares with the newest reading at least 30 days older, not the one 20 days older', () => {
		const readings = [
			{ date: '2024-01-01', value: 100 },
			{ date: '2024-02-10', value: 110 },
			{ date: '2024-03-01', value: 120 },
		]
		expect(findComparisonReading(readings, readings[2])).toEqual({ date: '2024-01-01', value: 100 })
		expect(findComparisonReading(readings, readings[1])).toEqual({ date: '2024-01-01', value: 100 })
		expect(findComparisonReading(readings, readings[0])).toBeNull()
	})

	it('accepts a reading exactly 30 days older', () => {
		const readings = [
			{ date: '2024-01-31', value: 100 },
			{ date: '2024-03-01', value: 101 },
		]
		expect(findComparisonReading(readings, readings[1])?.date).toBe('2024-01-31')
	})

	it('calls a change within ±1% stable', () => {
		expect(percentChange(200, 210)).toBe(5)
		expect(percentChange(120, 118)).toBe(-1.7)
		expect(percentChange(100, 100.9)).toBe(0.9)
		expect(trendDirectionOf(0.9)).toBe('stable')
		expect(trendDirectionOf(-0.9)).toBe('stable')
		expect(trendDirectionOf(1)).toBe('up')
		expect(trendDirectionOf(-1.7)).toBe('down')
		expect(percentChange(0, 5)).toBeNull()
	})

	it('formats the change and picks the spec colours', () => {
		expect(formatPercentChange(5)).toBe('+5.0%')
		expect(formatPercentChange(-1.7)).toBe('-1.7%')
		expect(formatPercentChange(0)).toBe('0.0%')
		expect(trendColorOf('up', 'card')).toBe('red')
		expect(trendColorOf('down', 'badge')).toBe('green')
		expect(trendColorOf('stable', 'badge')).toBe('blue')
		expect(trendColorOf('stable', 'card')).toBe('grey')
	})
})

describe('metric cards', () => {
	it('shows the latest blood pressure as systolic/diastolic and compares systolic', () => {
		const card = buildMetricCard([...makeBloodPressure(120, 80, '2024-04-20'), ...makeBloodPressure(126, 84, '2024-05-25')], 'blood-pressure', today)
		// (126 - 120) / 120 = +5.0 %, 35 days apart: "from last month"
		expect(card).toMatchObject({
			state: 'ready',
			name: 'Blood Pressure',
			unit: 'mmHg',
			value: '126/84',
			trend: 'up',
			percentChange: 5,
			trendValue: '+5.0%',
			trendLabel: 'from last month',
			trendColor: 'red',
			comparedWith: { date: '2024-04-20', value: '120/80' },
		})
	})

	it('says since which month when the older reading is more than 62 days back', () => {
		const card = buildMetricCard(
			[makeParameter('total_cholesterol', 220, '2023-11-02'), makeParameter('total_cholesterol', 209, '2024-05-02')],
			'cholesterol',
			today,
		)
		// (209 - 220) / 220 = -5.0 %
		expect(card).toMatchObject({
			value: '209',
			trend: 'down',
			trendValue: '-5.0%',
			trendLabel: 'since Nov 2023',
			trendColor: 'green',
		})
	})

	it('shows a single reading without a trend', () => {
		const card = buildMetricCard([makeParameter('glucose', 97.6, '2024-06-01')], 'glucose', today)
		expect(card).toMatchObject({
			value: '98',
			trend: null,
			trendValue: null,
			trendLabel: 'No earlier reading to compare',
			trendColor: 'grey',
		})
	})

	it('computes the BMI card from weight and height', () => {
		const card = buildMetricCard(
			[makeParameter('height', 175, '2024-01-01'), makeParameter('weight', 70, '2024-01-05'), makeParameter('weight', 72, '2024-06-01')],
			'bmi',
			today,
		)
		// 72 / 1.75^2 = 23.51; 70 / 1.75^2 = 22.86; change (72 - 70) / 70 = +2.9 %
		expect(card).toMatchObject({
			value: '23.5',
			unit: null,
			trend: 'up',
			trendValue: '+2.9%',
			trendLabel: 'since Jan 2024',
		})
	})

	it('ignores readings dated after today', () => {
		const card = buildMetricCard([makeParameter('glucose', 90, '2024-05-01'), makeParameter('glucose', 300, '2024-07-01')], 'glucose', today)
		expect(card).toMatchObject({ value: '90' })
	})

	it('says so when a metric has no data', () => {
		const cards = buildMetricCards([makeParameter('glucose', 90, '2024-05-01')], today)
		expect(cards.map((card) => card.id)).toEqual(['blood-pressure', 'cholesterol', 'glucose', 'bmi'])
		expect(cards[0]).toEqual({
			state: 'empty',
			id: 'blood-pressure',
			name: 'Blood Pressure',
			unit: 'mmHg',
			message: 'No blood pressure readings yet.',
		})
		expect(cards[3]).toMatchObject({ state: 'empty', message: 'No BMI readings yet.' })
	})
})
