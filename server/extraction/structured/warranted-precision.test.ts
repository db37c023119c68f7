import { describe, expect, it } from 'vitest'
import { withWarrantedPrecision } from './warranted-precision.ts'
import { withoutApplicationNumber } from './fhir-import.ts'

describe('the precision an imported value warrants', () => {
	it('writes vital signs as clinicians do, so the grade follows the number shown', () => {
		expect(withWarrantedPrecision('bmi', 24.97, '24.97')).toEqual({ value: 25, valueText: '25.0' })
		expect(withWarrantedPrecision('systolic_bp', 129.97, '129.97')).toEqual({ value: 130, valueText: '130' })
		expect(withWarrantedPrecision('height', 183.0988973459694, '183.0988973459694')).toEqual({ value: 183.1, valueText: '183.1' })
		// already at the warranted precision: as filed
		expect(withWarrantedPrecision('weight', 81.5, '81.5')).toEqual({ value: 81.5, valueText: '81.5' })
	})

	it('keeps any other value as filed unless only a computation wrote it', () => {
		expect(withWarrantedPrecision('glucose', 99.6, '99.6')).toEqual({ value: 99.6, valueText: '99.6' })
		expect(withWarrantedPrecision('glucose', 420.1297388013491, '420.1297388013491')).toEqual({ value: 420, valueText: '420' })
		expect(withWarrantedPrecision(null, 5.4321987, '5.4321987')).toEqual({ value: 5.43, valueText: '5.43' })
	})
})

describe('a medication name', () => {
	it('drops the drug application number some files put before it', () => {
		expect(withoutApplicationNumber('NDA020800 0.3 ML Epinephrine 1 MG/ML Auto-Injector')).toBe('0.3 ML Epinephrine 1 MG/ML Auto-Injector')
		expect(withoutApplicationNumber('ANDA075102 Metformin 500 MG')).toBe('Metformin 500 MG')
		expect(withoutApplicationNumber('Lisinopril 10 MG Oral Tablet')).toBe('Lisinopril 10 MG Oral Tablet')
	})
})
