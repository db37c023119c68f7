import { describe, expect, it } from 'vitest'
import { buildRangeMetricCard, buildRangeMetricCards, chooseDefaultChart } from './range-cards.ts'
import { makeBloodPressure, makeParameter } from '#tests/support/health-parameters.ts'

describe('overview cards for a time range', () => {
	const parameters = [makeParameter('glucose', 100, '2026-01-10'), makeParameter('glucose', 110, '2026-05-20'), ...makeBloodPressure(128, 82, '2025-06-01')]

	it('shows the newest reading inside the range, compared with a reading that may predate it', () => {
		const card = buildRangeMetricCard(parameters, 'glucose', { range: '1m', today: '2026-06-01' })
		expect(card).toMatchObject({ state: 'ready', value: '110', trend: 'up', trendValue: '+10.0%', comparedWith: { date: '2026-01-10' } })
	})

	it('is empty for a range without readings and says when the latest one was', () => {
		const card = buildRangeMetricCard(parameters, 'blood-pressure', { range: '6m', today: '2026-06-01' })
		expect(card).toMatchObject({
			state: 'empty',
			message: 'No blood pressure readings in the last 6 months.',
			latestOutsideRange: { date: '2025-06-01', value: '128/82' },
		})
		expect(buildRangeMetricCard(parameters, 'blood-pressure', { range: 'all', today: '2026-06-01' }).state).toBe('ready')
	})

	it('says "yet" when there is no reading at all', () => {
		const cards = buildRangeMetricCards(parameters, { range: 'all', today: '2026-06-01' })
		expect(cards.map((card) => card.state)).toEqual(['ready', 'empty', 'ready', 'empty'])
		expect(cards[1]).toMatchObject({ message: 'No cholesterol readings yet.', latestOutsideRange: null })
	})
})

describe('the chart shown before a metric is chosen', () => {
	it('is the metric with the most recent reading, over the chosen range when it holds it', () => {
		const parameters = [makeParameter('glucose', 100, '2026-05-20'), ...makeBloodPressure(128, 82, '2026-05-01')]
		const options = { range: '6m', today: '2026-06-01' } as const
		expect(chooseDefaultChart(buildRangeMetricCards(parameters, options), options)).toEqual({ metricId: 'glucose', range: '6m' })
	})

	it('widens to the shortest range that holds the newest reading after older reports were uploaded', () => {
		// the newest reading is 10 months old: not in 6 months, in the last year
		const parameters = [makeParameter('total_cholesterol', 190, '2025-08-01'), makeParameter('glucose', 100, '2024-01-20')]
		const options = { range: '6m', today: '2026-06-01' } as const
		expect(chooseDefaultChart(buildRangeMetricCards(parameters, options), options)).toEqual({ metricId: 'cholesterol', range: '1y' })
		const older = { range: '1m', today: '2028-06-01' } as const
		expect(chooseDefaultChart(buildRangeMetricCards(parameters, older), older)).toEqual({ metricId: 'cholesterol', range: 'all' })
	})

	it('is none without any reading', () => {
		const options = { range: '6m', today: '2026-06-01' } as const
		expect(chooseDefaultChart(buildRangeMetricCards([], options), options)).toBeNull()
	})
})

describe('a blood pressure with one number', () => {
	it('counts a lone systolic value and shows it on the card', () => {
		const card = buildRangeMetricCard([makeParameter('systolic_bp', 142, '2026-05-20')], 'blood-pressure', { range: '6m', today: '2026-06-01' })
		expect(card).toMatchObject({ state: 'ready', value: '142/–', partialNote: 'Systolic only' })
	})

	it('counts a lone diastolic value, and compares systolic values only', () => {
		const parameters = [...makeBloodPressure(120, 80, '2026-03-01'), makeParameter('diastolic_bp', 92, '2026-05-20')]
		const card = buildRangeMetricCard(parameters, 'blood-pressure', { range: '6m', today: '2026-06-01' })
		expect(card).toMatchObject({ state: 'ready', value: '–/92', partialNote: 'Diastolic only', trend: null, comparedWith: null })
	})
})
