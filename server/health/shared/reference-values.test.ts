import { describe, expect, it } from 'vitest'
import { defaultReferenceRangeFor, parameterNameFor, statusForValue } from './reference-values.ts'

describe('default reference values', () => {
	it('grades a value low, normal, high or critical', () => {
		const range = defaultReferenceRangeFor('glucose')
		expect(range).toEqual({ min: 70, max: 99 })
		expect(statusForValue('glucose', 65, range)).toBe('low')
		expect(statusForValue('glucose', 99, range)).toBe('normal')
		expect(statusForValue('glucose', 99.5, range)).toBe('high')
		expect(statusForValue('glucose', 50, range)).toBe('critical')
		expect(statusForValue('glucose', 401, range)).toBe('critical')
	})

	it('treats a systolic pressure above 180 as critical', () => {
		const range = defaultReferenceRangeFor('systolic_bp')
		expect(statusForValue('systolic_bp', 180, range)).toBe('high')
		expect(statusForValue('systolic_bp', 181, range)).toBe('critical')
	})

	it('uses the unit for temperature ranges', () => {
		expect(statusForValue('temperature', 38.5, defaultReferenceRangeFor('temperature', '°C'), '°C')).toBe('high')
		expect(statusForValue('temperature', 98.6, defaultReferenceRangeFor('temperature', '°F'), '°F')).toBe('normal')
		expect(defaultReferenceRangeFor('temperature', null)).toBeNull()
	})

	it('has no status without a range and names unknown codes by their code', () => {
		expect(statusForValue('ferritin', 20, null)).toBeNull()
		expect(parameterNameFor('ldl')).toBe('LDL Cholesterol')
		expect(parameterNameFor('ferritin')).toBe('ferritin')
	})
})
