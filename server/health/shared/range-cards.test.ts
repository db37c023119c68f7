import { describe, expect, it } from 'vitest'
import { buildRangeMetricCard, buildRangeMetricCards } from './range-cards.ts'
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
