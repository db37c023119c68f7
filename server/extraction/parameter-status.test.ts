import { describe, expect, it } from 'vitest'
import { gradeValue, statusFromFlag } from './parameter-status.ts'

describe('gradeValue', () => {
	it('grades against the range', () => {
		expect(gradeValue({ code: 'glucose', value: 107, unit: 'mg/dL', min: 70, max: 99 })).toBe('high')
		expect(gradeValue({ code: 'glucose', value: 65, unit: 'mg/dL', min: 70, max: 99 })).toBe('low')
		expect(gradeValue({ code: 'glucose', value: 85, unit: 'mg/dL', min: 70, max: 99 })).toBe('normal')
	})

	it('grades one-sided ranges', () => {
		expect(gradeValue({ code: 'hdl', value: 34, unit: 'mg/dL', min: 40, max: null })).toBe('low')
		expect(gradeValue({ code: 'ldl', value: 115, unit: 'mg/dL', min: null, max: 100 })).toBe('high')
		expect(gradeValue({ code: 'egfr', value: 50, unit: 'mL/min/1.73m2', min: 60, max: null })).toBe('low')
	})

	it('is normal when no range is printed', () => {
		expect(gradeValue({ code: 'weight', value: 176.7, unit: 'lb', min: null, max: null })).toBe('normal')
	})

	it('is critical only strictly beyond the critical threshold', () => {
		expect(gradeValue({ code: 'potassium', value: 6.5, unit: 'mmol/L', min: 3.5, max: 5.1 })).toBe('critical')
		expect(gradeValue({ code: 'potassium', value: 6.2, unit: 'mmol/L', min: 3.5, max: 5.1 })).toBe('high')
		expect(gradeValue({ code: 'potassium', value: 2.7, unit: 'mmol/L', min: 3.5, max: 5.1 })).toBe('critical')
		expect(gradeValue({ code: 'glucose', value: 401, unit: 'mg/dL', min: 70, max: 99 })).toBe('critical')
		expect(gradeValue({ code: 'glucose', value: 49, unit: 'mg/dL', min: 70, max: 99 })).toBe('critical')
		expect(gradeValue({ code: 'hemoglobin', value: 6.9, unit: 'g/dL', min: 12, max: 15.5 })).toBe('critical')
		expect(gradeValue({ code: 'sodium', value: 161, unit: 'mmol/L', min: 136, max: 145 })).toBe('critical')
		expect(gradeValue({ code: 'calcium', value: 13.1, unit: 'mg/dL', min: 8.5, max: 10.5 })).toBe('critical')
	})

	it('applies cell-count thresholds in any spelling of 10^3/uL', () => {
		for (const unit of ['K/uL', 'x10^3/uL', '10^3/uL', 'x10E3/uL', '10*3/uL']) {
			expect(gradeValue({ code: 'platelets', value: 45, unit, min: 150, max: 400 })).toBe('critical')
			expect(gradeValue({ code: 'wbc', value: 31, unit, min: 4, max: 10.5 })).toBe('critical')
		}
	})

	it('skips the critical check in a unit the thresholds are not given in', () => {
		expect(gradeValue({ code: 'glucose', value: 25, unit: 'mmol/L', min: 3.9, max: 5.5 })).toBe('high')
	})
})

describe('statusFromFlag', () => {
	it('reads printed flags', () => {
		expect(statusFromFlag('H')).toBe('high')
		expect(statusFromFlag('LOW')).toBe('low')
		expect(statusFromFlag('HH')).toBe('critical')
		expect(statusFromFlag('Above range')).toBe('high')
		expect(statusFromFlag('In range')).toBe('normal')
		expect(statusFromFlag('Final')).toBeNull()
		expect(statusFromFlag(null)).toBeNull()
	})
})
