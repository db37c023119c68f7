import { describe, expect, it } from 'vitest'
import { parameterGradeLabel, parameterStatusLabel, parameterTone } from './parameter-status.ts'

describe('parameterTone', () => {
	it('is red for high or critical', () => {
		expect(parameterTone('high')).toBe('red')
		expect(parameterTone('critical')).toBe('red')
	})

	it('is yellow for low', () => {
		expect(parameterTone('low')).toBe('yellow')
	})

	it('is green for normal', () => {
		expect(parameterTone('normal')).toBe('green')
	})

	it('is neutral for a value not graded, never the green of normal (decision 025)', () => {
		expect(parameterTone(null)).toBe('neutral')
		expect(parameterTone(undefined)).toBe('neutral')
		expect(parameterTone('unexpected')).toBe('neutral')
	})
})

describe('parameterStatusLabel', () => {
	it('names each status in words', () => {
		expect(parameterStatusLabel('high')).toBe('High')
		expect(parameterStatusLabel('critical')).toBe('Critical')
		expect(parameterStatusLabel('low')).toBe('Low')
		expect(parameterStatusLabel('normal')).toBe('Normal')
	})

	it('says a value without a status is not graded', () => {
		expect(parameterStatusLabel(null)).toBe('Not graded')
		expect(parameterStatusLabel('toString')).toBe('Not graded')
	})
})

describe('parameterGradeLabel', () => {
	const row = { code: 'systolic_bp', value: 134, unit: 'mm[Hg]', status: 'high', referenceRangeMin: null, referenceRangeMax: null }

	it('names the guideline of a blood pressure or BMI graded without a printed range', () => {
		expect(parameterGradeLabel(row)).toBe('Stage 1 hypertension (ACC/AHA)')
		expect(parameterGradeLabel({ ...row, code: 'diastolic_bp', value: 76, status: 'normal' })).toBe('Normal (ACC/AHA)')
		expect(parameterGradeLabel({ ...row, code: 'bmi', value: 29.4, unit: 'kg/m2', status: 'high' })).toBe('Overweight (pre-obesity) (WHO)')
	})

	it('says the status of a value graded against its printed range, and Not graded for none', () => {
		expect(parameterGradeLabel({ ...row, referenceRangeMin: 90, referenceRangeMax: 129 })).toBe('High')
		expect(parameterGradeLabel({ ...row, code: 'weight', value: 80, unit: 'kg', status: null })).toBe('Not graded')
		expect(parameterGradeLabel({ ...row, status: null })).toBe('Not graded')
	})
})
