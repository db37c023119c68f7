import { describe, expect, it } from 'vitest'
import { defaultReferenceRangeFor, parameterNameFor } from './reference-values.ts'

describe('default reference values', () => {
	it('shades only the bands of the guidelines that grade a value without a printed range', () => {
		expect(defaultReferenceRangeFor('systolic_bp')).toEqual({ min: null, max: 119 })
		expect(defaultReferenceRangeFor('diastolic_bp')).toEqual({ min: null, max: 79 })
		expect(defaultReferenceRangeFor('bmi')).toEqual({ min: 18.5, max: 24.9 })
		expect(defaultReferenceRangeFor('glucose')).toBeNull()
		expect(defaultReferenceRangeFor('heart_rate')).toBeNull()
		expect(defaultReferenceRangeFor('temperature')).toBeNull()
	})

	it('names unknown codes by their code', () => {
		expect(parameterNameFor('ldl')).toBe('LDL Cholesterol')
		expect(parameterNameFor('ferritin')).toBe('ferritin')
	})
})
