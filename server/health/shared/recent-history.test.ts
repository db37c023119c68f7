import { describe, expect, it } from 'vitest'
import { codesNeedingWholeHistory, mergeHistory, metricCardNeeds, predictionNeed, predictionWindowStart, riskNeeds } from './recent-history.ts'
import { makeBloodPressure, makeParameter } from '#tests/support/health-parameters.ts'

const today = '2025-06-30'
const since = '2025-03-02'

describe('what the recent history answers', () => {
	it('answers a card whose latest reading and comparison are both recent', () => {
		const recent = [makeParameter('glucose', 98, '2025-04-01'), makeParameter('glucose', 104, '2025-06-20')]
		expect(codesNeedingWholeHistory(metricCardNeeds(today), recent, since)).not.toContain('glucose')
	})

	it('asks for the whole history of a card without a comparison reading, and of a metric without readings', () => {
		const recent = [makeParameter('glucose', 104, '2025-06-20'), ...makeBloodPressure(120, 80, '2025-06-01'), ...makeBloodPressure(124, 82, '2025-04-01')]
		const codes = codesNeedingWholeHistory(metricCardNeeds(today), recent, since)
		expect(codes).toEqual(['total_cholesterol', 'glucose', 'bmi', 'weight', 'height'])
	})

	it('asks for the whole blood-pressure history when the recent rows hold no pair', () => {
		const recent = [makeParameter('systolic_bp', 150, '2025-06-20'), makeParameter('glucose', 104, '2025-06-20')]
		expect(codesNeedingWholeHistory(riskNeeds(today), recent, since)).toContain('diastolic_bp')
		expect(codesNeedingWholeHistory(riskNeeds(today), recent, since)).not.toContain('glucose')
	})

	it('answers a prediction only when its 7-month window starts on or after the first recent day', () => {
		expect(predictionWindowStart('2025-06-20')).toBe('2024-12-01')
		const need = predictionNeed('glucose', today)
		const recent = [makeParameter('glucose', 104, '2025-06-20')]
		expect(need.isAnsweredBy(recent, '2024-11-25')).toBe(true)
		expect(need.isAnsweredBy(recent, '2024-12-02')).toBe(false)
	})
})

describe('merging the whole history of some codes into the recent rows', () => {
	it('replaces those codes and keeps date and code order', () => {
		const recent = [makeParameter('glucose', 1, '2025-05-01'), makeParameter('hdl', 2, '2025-05-01')]
		const whole = [makeParameter('hdl', 3, '2024-01-01'), makeParameter('hdl', 2, '2025-05-01')]
		const merged = mergeHistory(recent, whole, ['hdl'])
		expect(merged.map((row) => [row.testDate, row.code, row.value])).toEqual([
			['2024-01-01', 'hdl', 3],
			['2025-05-01', 'glucose', 1],
			['2025-05-01', 'hdl', 2],
		])
	})
})
