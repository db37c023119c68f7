import { describe, expect, it } from 'vitest'
import { CATEGORY_SOURCES } from '#server/lab-vocabulary/shared/clinical-categories.ts'
import { GLUCOSE_ASSUMED_FASTING_NOTE, NOT_A_DIAGNOSIS, RISK_RECOMMENDATIONS } from './messages.ts'
import { assessHealthRisks, riskLevelForScore, scoreFromAscvdRisk, type RiskProfile } from './risk.ts'
import { makeBloodPressure, makeParameter } from '#tests/support/health-parameters.ts'

const today = '2024-06-28'

describe('risk score scale', () => {
	it('maps scores to levels: low 0-33, moderate 34-66, high 67-100', () => {
		expect([0, 33, 34, 66, 67, 100].map(riskLevelForScore)).toEqual(['low', 'low', 'moderate', 'moderate', 'high', 'high'])
	})

	it('maps a 10-year ASCVD risk onto the score through 0/5/20/40 %', () => {
		// 2.1/5 x 34 = 14.28 -> 14; 5.4: 34 + 0.4/15 x 33 = 34.88 -> 35; 10: 34 + 5/15 x 33 = 45
		expect(scoreFromAscvdRisk(2.1)).toBe(14)
		expect(scoreFromAscvdRisk(5.4)).toBe(35)
		expect(scoreFromAscvdRisk(10)).toBe(45)
		// 30: 67 + 10/20 x 33 = 83.5 -> 84; above 40 stays 100
		expect(scoreFromAscvdRisk(30)).toBe(84)
		expect(scoreFromAscvdRisk(55)).toBe(100)
		// 4.9: 33.32 -> 33 stays low; 19.9: 66.78 rounds to 67 but is kept in the moderate band
		expect(scoreFromAscvdRisk(4.9)).toBe(33)
		expect(scoreFromAscvdRisk(19.9)).toBe(66)
	})
})

describe('hypertension risk', () => {
	it('puts a blood pressure of 135/85 in stage 1: moderate, 55 points', () => {
		const { hypertension } = assessHealthRisks(makeBloodPressure(135, 85, '2024-05-01'), {}, today)
		expect(hypertension).toMatchObject({
			status: 'assessed',
			title: 'Hypertension',
			level: 'moderate',
			score: 55,
			summary: 'Stage 1 hypertension (135/85 mmHg on 2024-05-01).',
			sources: [CATEGORY_SOURCES.bloodPressure],
			recommendations: [...RISK_RECOMMENDATIONS.hypertension.stage_1],
			missingInputs: [],
			notes: [],
		})
		expect(hypertension.valuesUsed.map((value) => [value.code, value.value, value.date])).toEqual([
			['systolic_bp', 135, '2024-05-01'],
			['diastolic_bp', 85, '2024-05-01'],
		])
	})

	it('uses the newest reading and scores each ACC/AHA stage', () => {
		const score = (systolic: number, diastolic: number) =>
			assessHealthRisks([...makeBloodPressure(150, 95, '2024-01-01'), ...makeBloodPressure(systolic, diastolic, '2024-06-01')], {}, today).hypertension
		expect(score(118, 76)).toMatchObject({ level: 'low', score: 10 })
		expect(score(124, 76)).toMatchObject({ level: 'moderate', score: 35 })
		expect(score(142, 88)).toMatchObject({ level: 'high', score: 80 })
		expect(score(185, 110)).toMatchObject({ level: 'high', score: 100 })
	})

	it('keeps a treated patient with normal readings at moderate', () => {
		const { hypertension } = assessHealthRisks(makeBloodPressure(118, 76, '2024-06-01'), { isTreatedForHypertension: true }, today)
		expect(hypertension).toMatchObject({ level: 'moderate', score: 50 })
		expect(hypertension.recommendations).toContain(RISK_RECOMMENDATIONS.hypertension.treated)
	})

	it('names what is missing without a reading', () => {
		const { hypertension } = assessHealthRisks([], {}, today)
		expect(hypertension).toMatchObject({
			status: 'insufficient',
			level: null,
			score: null,
			missingInputs: ['a blood-pressure reading (systolic and diastolic)'],
			summary: 'Not enough data: add a blood-pressure reading (systolic and diastolic).',
		})
	})

	it('notes a value older than a year', () => {
		const { hypertension } = assessHealthRisks(makeBloodPressure(118, 76, '2023-01-10'), {}, today)
		expect(hypertension.notes).toEqual([
			'Systolic Blood Pressure is from 2023-01-10, more than a year ago; a newer value may change this assessment.',
			'Diastolic Blood Pressure is from 2023-01-10, more than a year ago; a newer value may change this assessment.',
		])
	})
})

describe('diabetes risk', () => {
	it('takes the worse of HbA1c and glucose and adds points for obesity', () => {
		// HbA1c 6.0 prediabetes 50, glucose 95 normal, BMI 31 obesity class I +20 = 70: high
		const { diabetes } = assessHealthRisks(
			[makeParameter('hba1c', 6.0, '2024-04-01'), makeParameter('glucose', 95, '2024-05-01'), makeParameter('bmi', 31, '2024-05-01')],
			{},
			today,
		)
		expect(diabetes).toMatchObject({
			status: 'assessed',
			level: 'high',
			score: 70,
			summary: 'Prediabetes range (HbA1c 6% on 2024-04-01).',
			sources: [CATEGORY_SOURCES.diabetes, CATEGORY_SOURCES.bmi],
			notes: [GLUCOSE_ASSUMED_FASTING_NOTE],
		})
		expect(diabetes.findings.map((finding) => [finding.name, finding.category])).toEqual([
			['HbA1c', 'Prediabetes range'],
			['Glucose', 'Normal'],
			['BMI', 'Obesity class I'],
		])
		expect(diabetes.recommendations).toEqual([...RISK_RECOMMENDATIONS.diabetes.prediabetes, RISK_RECOMMENDATIONS.diabetes.weight])
		expect(diabetes.valuesUsed.map((value) => value.date)).toEqual(['2024-04-01', '2024-05-01', '2024-05-01'])
	})

	it('scores a fasting glucose of 130 in the diabetes range', () => {
		const { diabetes } = assessHealthRisks([makeParameter('glucose', 130, '2024-05-01')], {}, today)
		expect(diabetes).toMatchObject({
			level: 'high',
			score: 85,
			summary: 'Diabetes range (Glucose 130 mg/dL on 2024-05-01).',
		})
	})

	it('scores normal values low and adds 10 for overweight', () => {
		const { diabetes } = assessHealthRisks(
			[makeParameter('hba1c', 5.2, '2024-05-01'), makeParameter('height', 175, '2024-01-01'), makeParameter('weight', 80, '2024-05-01')],
			{},
			today,
		)
		// BMI 80 / 1.75^2 = 26.1, overweight: 10 + 10 = 20
		expect(diabetes).toMatchObject({ level: 'low', score: 20 })
	})

	it('names what is missing without HbA1c or glucose', () => {
		expect(assessHealthRisks([makeParameter('bmi', 31, '2024-05-01')], {}, today).diabetes).toMatchObject({
			status: 'insufficient',
			missingInputs: ['an HbA1c or fasting glucose result'],
		})
	})
})

describe('cardiovascular risk', () => {
	const panel = [makeParameter('total_cholesterol', 213, '2024-03-01'), makeParameter('hdl', 50, '2024-03-01'), ...makeBloodPressure(120, 78, '2024-04-01')]
	const profile: RiskProfile = {
		dateOfBirth: '1969-01-15',
		sex: 'female',
		raceGroup: 'white',
		isTreatedForHypertension: false,
		isSmoker: false,
		hasDiabetes: false,
	}

	it('uses the pooled cohort equations when the profile has every input', () => {
		// the guideline example: 55-year-old white woman, 2.1 %: low, score 14
		const { cardiovascular } = assessHealthRisks(panel, profile, today)
		expect(cardiovascular).toMatchObject({
			status: 'assessed',
			level: 'low',
			score: 14,
			tenYearAscvdRisk: { percent: 2.1, category: { code: 'low' } },
			summary: '10-year ASCVD risk 2.1%: low risk.',
			sources: [CATEGORY_SOURCES.pooledCohort, CATEGORY_SOURCES.ascvdCategories],
			missingInputs: [],
			recommendations: [...RISK_RECOMMENDATIONS.cardiovascular.low],
		})
		expect(cardiovascular.valuesUsed.map((value) => [value.code, value.value, value.date])).toEqual([
			['total_cholesterol', 213, '2024-03-01'],
			['hdl', 50, '2024-03-01'],
			['systolic_bp', 120, '2024-04-01'],
		])
	})

	it('gives a 55-year-old white man 5.4 %: borderline, moderate', () => {
		const { cardiovascular } = assessHealthRisks(panel, { ...profile, sex: 'male' }, today)
		expect(cardiovascular).toMatchObject({
			level: 'moderate',
			score: 35,
			tenYearAscvdRisk: { percent: 5.4, category: { code: 'borderline' } },
		})
	})

	it('makes an LDL of 190 or more high whatever the equations say', () => {
		const { cardiovascular } = assessHealthRisks([...panel, makeParameter('ldl', 195, '2024-03-01')], profile, today)
		expect(cardiovascular).toMatchObject({ level: 'high', score: 80 })
		expect(cardiovascular.recommendations).toContain(RISK_RECOMMENDATIONS.cardiovascular.veryHighLdl)
	})

	it('falls back to category points and names the missing inputs', () => {
		// LDL 165 high 60, total 245 high 60, HDL 38 low 45, 135/85 stage 1 45: 60 + 3 x 10 = 90
		const { cardiovascular } = assessHealthRisks(
			[
				makeParameter('ldl', 165, '2024-03-01'),
				makeParameter('total_cholesterol', 245, '2024-03-01'),
				makeParameter('hdl', 38, '2024-03-01'),
				...makeBloodPressure(135, 85, '2024-05-01'),
			],
			{ sex: 'male' },
			today,
		)
		expect(cardiovascular).toMatchObject({
			status: 'assessed',
			level: 'high',
			score: 90,
			tenYearAscvdRisk: null,
			summary: 'Main factor: LDL Cholesterol 165 mg/dL on 2024-03-01 (high).',
			missingInputs: ['age (date of birth)', 'race group', 'whether you take blood-pressure medication', 'smoking status', 'diabetes status'],
			sources: [CATEGORY_SOURCES.lipids, CATEGORY_SOURCES.bloodPressure],
		})
		expect(cardiovascular.method).toBe(
			'Category points: highest factor LDL Cholesterol 60 plus 10 for each other factor of 40 or more (Total Cholesterol, HDL Cholesterol, Blood pressure) = 90.',
		)
		expect(cardiovascular.recommendations).toContain(RISK_RECOMMENDATIONS.cardiovascular.completeProfile)
		expect(cardiovascular.notes[0]).toMatch(/^A 10-year risk estimate with the pooled cohort equations needs: age \(date of birth\), race group/)
	})

	it('counts smoking and diabetes-range glucose as factors', () => {
		// total 190 desirable 10, smoker 50, glucose 130 diabetes 50: 50 + 10 = 60, moderate
		const { cardiovascular } = assessHealthRisks(
			[makeParameter('total_cholesterol', 190, '2024-03-01'), makeParameter('glucose', 130, '2024-03-01')],
			{ isSmoker: true },
			today,
		)
		expect(cardiovascular).toMatchObject({ level: 'moderate', score: 60 })
		expect(cardiovascular.recommendations).toContain(RISK_RECOMMENDATIONS.cardiovascular.smoker)
	})

	it('says why the equations were not used for an age outside 40 to 79', () => {
		const { cardiovascular } = assessHealthRisks(panel, { ...profile, dateOfBirth: '1990-01-01' }, today)
		expect(cardiovascular.tenYearAscvdRisk).toBeNull()
		expect(cardiovascular.notes[0]).toBe('The pooled cohort equations apply to ages 40 to 79. Assessed from lipid and blood-pressure categories instead.')
		// total 213 borderline 40, HDL 50 normal 10, 120/78 elevated 25: 40
		expect(cardiovascular).toMatchObject({ level: 'moderate', score: 40 })
	})

	it('is insufficient without lipids or blood pressure', () => {
		const result = assessHealthRisks([], profile, today)
		expect(result.cardiovascular).toMatchObject({
			status: 'insufficient',
			missingInputs: ['total cholesterol', 'HDL cholesterol', 'systolic blood pressure'],
		})
		expect(result.assessedOn).toBe(today)
		expect(result.disclaimer).toBe(NOT_A_DIAGNOSIS)
	})
})
