import { describe, expect, it } from 'vitest'
import { calculateHealthScore, healthScoreLabel } from './health-score.ts'
import { HEALTH_SCORE_NOT_AVAILABLE } from './messages.ts'
import { assessHealthRisks } from './risk.ts'
import { makeBloodPressure, makeParameter } from '#tests/support/health-parameters.ts'

const today = '2024-06-28'

describe('health score', () => {
	it('is 100 minus the average risk score of the assessed areas', () => {
		// cardiovascular: guideline example woman (systolic 120) 2.1 % -> 14; diabetes HbA1c 5.2 + BMI 26.1 -> 20;
		// hypertension 120/78 elevated -> 35. 100 - (14 + 20 + 35) / 3 = 100 - 23 = 77, Fair
		const assessment = assessHealthRisks(
			[
				makeParameter('total_cholesterol', 213, '2024-03-01'),
				makeParameter('hdl', 50, '2024-03-01'),
				...makeBloodPressure(120, 78, '2024-05-01'),
				makeParameter('hba1c', 5.2, '2024-05-01'),
				makeParameter('height', 175, '2024-01-01'),
				makeParameter('weight', 80, '2024-05-01'),
			],
			{
				dateOfBirth: '1969-01-15',
				sex: 'female',
				raceGroup: 'white',
				isTreatedForHypertension: false,
				isSmoker: false,
				hasDiabetes: false,
			},
			today,
		)
		const result = calculateHealthScore(assessment)
		expect(result).toMatchObject({
			status: 'scored',
			score: 77,
			label: 'Fair',
			explanation: 'Health Score = 100 minus the average risk score of the assessed areas (Cardiovascular 14, Diabetes 20, Hypertension 35; average 23) = 77.',
			notAssessed: [],
		})
	})

	it('leaves out areas without data and says which', () => {
		const result = calculateHealthScore(assessHealthRisks(makeBloodPressure(118, 76, '2024-06-01'), {}, today))
		// cardiovascular by categories: 118/76 normal -> 10; hypertension normal -> 10; 100 - 10 = 90
		expect(result).toMatchObject({ status: 'scored', score: 90, label: 'Good', notAssessed: ['diabetes'] })
		if (result.status === 'scored') expect(result.explanation).toMatch(/Not assessed for lack of data: Diabetes\.$/)
	})

	it('has no score without any data', () => {
		expect(calculateHealthScore(assessHealthRisks([], {}, today))).toMatchObject({
			status: 'insufficient',
			score: null,
			explanation: HEALTH_SCORE_NOT_AVAILABLE,
		})
	})

	it('labels the score', () => {
		expect([100, 80, 79, 60, 59].map(healthScoreLabel)).toEqual(['Good', 'Good', 'Fair', 'Fair', 'Needs attention'])
	})
})
