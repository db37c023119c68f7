import { describe, expect, it } from 'vitest'
import { calculateBmi, roundTo, toCanonicalValue, toKilograms, toMetres } from './units.ts'

describe('canonical units', () => {
	it('converts mmol/L to mg/dL for glucose and lipids', () => {
		// 5.5 x 18.016 = 99.088; 5.2 x 38.67 = 201.084; 1.7 x 88.57 = 150.569
		expect(toCanonicalValue('glucose', 5.5, 'mmol/L')).toBeCloseTo(99.088, 6)
		expect(toCanonicalValue('total_cholesterol', 5.2, 'mmol/l')).toBeCloseTo(201.084, 6)
		expect(toCanonicalValue('triglycerides', 1.7, 'mmol/L')).toBeCloseTo(150.569, 6)
		expect(toCanonicalValue('glucose', 98, 'mg/dL')).toBe(98)
		expect(toCanonicalValue('glucose', 98, null)).toBe(98)
	})

	it('converts IFCC HbA1c to percent', () => {
		// 48 mmol/mol: 0.09148 x 48 + 2.152 = 6.54304
		expect(toCanonicalValue('hba1c', 48, 'mmol/mol')).toBeCloseTo(6.54304, 6)
	})

	it('leaves out values in units it cannot convert', () => {
		expect(toCanonicalValue('glucose', 5, 'g/L')).toBeNull()
		expect(toCanonicalValue('systolic_bp', 16, 'kPa')).toBeNull()
		expect(toKilograms(70, null)).toBeNull()
		expect(toMetres(170, null)).toBeNull()
	})

	it('converts weight and height for BMI', () => {
		expect(toKilograms(154, 'lb')).toBeCloseTo(69.85322498, 8)
		expect(toMetres(68, 'in')).toBeCloseTo(1.7272, 10)
		expect(toMetres(175, 'cm')).toBe(1.75)
		// 70 / 1.75^2 = 70 / 3.0625 = 22.857...
		expect(calculateBmi(70, 1.75)).toBeCloseTo(22.857142857, 8)
	})

	it('reads the UCUM spellings of imported C-CDA and FHIR files (mm[Hg], [lb_av], [in_i], [in_us])', () => {
		expect(toCanonicalValue('systolic_bp', 128, 'mm[Hg]')).toBe(128)
		expect(toCanonicalValue('diastolic_bp', 82, 'mm[Hg]')).toBe(82)
		expect(toKilograms(154, '[lb_av]')).toBeCloseTo(69.85322498, 8)
		expect(toMetres(68, '[in_i]')).toBeCloseTo(1.7272, 10)
		expect(toMetres(68, '[in_us]')).toBeCloseTo(1.7272, 4)
	})

	it('rounds half away from zero at the given decimals', () => {
		expect(roundTo(2.345, 2)).toBe(2.35)
		expect(roundTo(1.005, 2)).toBe(1.01)
		expect(roundTo(-2.5, 0)).toBe(-3)
	})
})
