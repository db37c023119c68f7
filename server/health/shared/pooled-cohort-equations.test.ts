import { describe, expect, it } from 'vitest'
import { OTHER_RACE_NOTE, calculateTenYearAscvdRisk, riskFromIndividualSum, type PooledCohortInputs } from './pooled-cohort-equations.ts'

// The guideline's worked example (Goff et al. 2014, table A): age 55, total
// cholesterol 213, HDL 50, untreated systolic 120, non-smoker, no diabetes.
// Individual sums -29.67 / 86.16 / 60.69 / 18.97; risks 2.1 / 3.0 / 5.3 / 6.1 %.
// The table prints the sums cut (not rounded) to two decimals and computes the
// risk from those cut sums. In full precision the sums are -29.6767, 86.1677,
// 60.6995 and 18.9728 and the risks 2.05 / 3.03 / 5.38 / 6.07 %: the same
// figures to one decimal except the white man, 5.38 % (5.4) against the table's
// 5.3, which is the table's own rounding (its sum 60.69 gives 5.34 %).
const example: Omit<PooledCohortInputs, 'sex' | 'raceGroup'> = {
	age: 55,
	totalCholesterol: 213,
	hdl: 50,
	systolic: 120,
	isTreatedForHypertension: false,
	isSmoker: false,
	hasDiabetes: false,
}

function calculated(inputs: PooledCohortInputs) {
	const result = calculateTenYearAscvdRisk(inputs)
	if (result.status !== 'calculated') throw new Error(result.reason)
	return result
}

describe('pooled cohort equations', () => {
	it('reproduces the worked example for a white woman: 2.1%', () => {
		const result = calculated({ ...example, sex: 'female', raceGroup: 'white' })
		expect(Math.trunc(result.individualSum * 100) / 100).toBe(-29.67)
		expect(result.riskPercent).toBe(2.1)
		expect(result.notes).toEqual([])
	})

	it('reproduces the worked example for an African American woman: 3.0%', () => {
		const result = calculated({ ...example, sex: 'female', raceGroup: 'african_american' })
		expect(Math.trunc(result.individualSum * 100) / 100).toBe(86.16)
		expect(result.riskPercent).toBe(3)
	})

	it('reproduces the worked example for a white man: 5.3% from the table sum, 5.38% in full precision', () => {
		const result = calculated({ ...example, sex: 'male', raceGroup: 'white' })
		expect(Math.trunc(result.individualSum * 100) / 100).toBe(60.69)
		// 1 - 0.9144 ^ exp(60.69 - 61.18) = 0.05335: the table's 5.3 %
		expect(riskFromIndividualSum('white_male', 60.69)).toBeCloseTo(0.05335, 5)
		expect(result.risk * 100).toBeCloseTo(5.3844, 4)
		expect(result.riskPercent).toBe(5.4)
	})

	it('reproduces the worked example for an African American man: 6.1%', () => {
		const result = calculated({ ...example, sex: 'male', raceGroup: 'african_american' })
		expect(Math.trunc(result.individualSum * 100) / 100).toBe(18.97)
		expect(result.riskPercent).toBe(6.1)
	})

	it('agrees with the CVrisk R package at systolic 140 (2.76 / 5.08 / 7.01 / 7.95 %)', () => {
		const percent = (sex: 'female' | 'male', raceGroup: 'white' | 'african_american') =>
			Math.round(calculated({ ...example, systolic: 140, sex, raceGroup }).risk * 10_000) / 100
		expect(percent('female', 'white')).toBe(2.76)
		expect(percent('female', 'african_american')).toBe(5.08)
		expect(percent('male', 'white')).toBe(7.01)
		expect(percent('male', 'african_american')).toBe(7.95)
	})

	it('uses the white equations for other groups and says so', () => {
		const result = calculated({ ...example, sex: 'male', raceGroup: 'other' })
		expect(result.coefficientGroup).toBe('white_male')
		expect(result.riskPercent).toBe(5.4)
		expect(result.notes).toEqual([OTHER_RACE_NOTE])
	})

	it('raises the risk for smoking, diabetes and treated pressure', () => {
		const base = calculated({ ...example, sex: 'male', raceGroup: 'white' }).risk
		expect(calculated({ ...example, sex: 'male', raceGroup: 'white', isSmoker: true }).risk).toBeGreaterThan(base)
		expect(calculated({ ...example, sex: 'male', raceGroup: 'white', hasDiabetes: true }).risk).toBeGreaterThan(base)
		expect(calculated({ ...example, sex: 'male', raceGroup: 'white', isTreatedForHypertension: true }).risk).toBeGreaterThan(base)
	})

	it('refuses ages outside 40 to 79 and notes values outside the validated ranges', () => {
		expect(calculateTenYearAscvdRisk({ ...example, age: 39, sex: 'female', raceGroup: 'white' })).toEqual({
			status: 'not_applicable',
			reason: 'The pooled cohort equations apply to ages 40 to 79.',
		})
		expect(calculateTenYearAscvdRisk({ ...example, age: 80, sex: 'female', raceGroup: 'white' }).status).toBe('not_applicable')
		const result = calculated({ ...example, totalCholesterol: 340, sex: 'female', raceGroup: 'white' })
		expect(result.notes).toEqual(['Outside the range the equations were built on: total cholesterol (130-320 mg/dL); the estimate is less reliable.'])
	})
})
