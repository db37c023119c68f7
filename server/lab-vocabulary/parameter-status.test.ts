import { describe, expect, it } from 'vitest'
import { gradeParameter, guidelineGradeOf, statusFromFlag } from './parameter-status.ts'

describe('gradeParameter', () => {
	it('grades against the range', () => {
		expect(gradeParameter({ code: 'glucose', value: 107, unit: 'mg/dL', min: 70, max: 99 })).toBe('high')
		expect(gradeParameter({ code: 'glucose', value: 65, unit: 'mg/dL', min: 70, max: 99 })).toBe('low')
		expect(gradeParameter({ code: 'glucose', value: 85, unit: 'mg/dL', min: 70, max: 99 })).toBe('normal')
	})

	it('grades one-sided ranges', () => {
		expect(gradeParameter({ code: 'hdl', value: 34, unit: 'mg/dL', min: 40, max: null })).toBe('low')
		expect(gradeParameter({ code: 'ldl', value: 115, unit: 'mg/dL', min: null, max: 100 })).toBe('high')
		expect(gradeParameter({ code: 'egfr', value: 50, unit: 'mL/min/1.73m2', min: 60, max: null })).toBe('low')
	})

	it('does not grade a value without a printed range that no guideline grades', () => {
		expect(gradeParameter({ code: 'weight', value: 176.7, unit: 'lb', min: null, max: null })).toBeNull()
		expect(gradeParameter({ code: 'heart_rate', value: 150, unit: 'bpm', min: null, max: null })).toBeNull()
		expect(gradeParameter({ code: 'ferritin', value: 20, unit: 'ng/mL', min: null, max: null })).toBeNull()
	})

	it('takes the status the source states when no range is printed', () => {
		expect(gradeParameter({ code: 'ferritin', value: 400, unit: 'ng/mL', min: null, max: null, stated: 'high' })).toBe('high')
		// a printed range grades before a stated flag (a disagreeing flag is kept to check by plausibility.ts)
		expect(gradeParameter({ code: 'ferritin', value: 100, unit: 'ng/mL', min: 30, max: 300, stated: 'high' })).toBe('normal')
	})

	it('grades blood pressure without a range by ACC/AHA 2017 and BMI by WHO', () => {
		expect(gradeParameter({ code: 'systolic_bp', value: 118, unit: 'mmHg', min: null, max: null })).toBe('normal')
		expect(gradeParameter({ code: 'systolic_bp', value: 125, unit: 'mmHg', min: null, max: null })).toBe('high')
		expect(gradeParameter({ code: 'systolic_bp', value: 188.55, unit: 'mm[Hg]', min: null, max: null })).toBe('critical')
		expect(gradeParameter({ code: 'diastolic_bp', value: 79, unit: 'mmHg', min: null, max: null })).toBe('normal')
		expect(gradeParameter({ code: 'diastolic_bp', value: 85, unit: null, min: null, max: null })).toBe('high')
		expect(gradeParameter({ code: 'bmi', value: 17.9, unit: 'kg/m2', min: null, max: null })).toBe('low')
		expect(gradeParameter({ code: 'bmi', value: 22, unit: 'kg/m2', min: null, max: null })).toBe('normal')
		expect(gradeParameter({ code: 'bmi', value: 29.4, unit: 'kg/m2', min: null, max: null })).toBe('high')
		// a printed range comes first
		expect(gradeParameter({ code: 'systolic_bp', value: 125, unit: 'mmHg', min: 90, max: 130 })).toBe('normal')
	})

	it('names the guideline it grades by', () => {
		expect(guidelineGradeOf({ code: 'systolic_bp', value: 134, unit: 'mmHg' })).toEqual({
			status: 'high',
			guideline: 'ACC/AHA',
			label: 'Stage 1 hypertension (ACC/AHA)',
		})
		expect(guidelineGradeOf({ code: 'diastolic_bp', value: 95, unit: 'mm[Hg]' })?.label).toBe('Stage 2 hypertension (ACC/AHA)')
		expect(guidelineGradeOf({ code: 'systolic_bp', value: 112, unit: 'mmHg' })?.label).toBe('Normal (ACC/AHA)')
		expect(guidelineGradeOf({ code: 'bmi', value: 23, unit: 'kg/m2' })?.label).toBe('Normal weight (WHO)')
		expect(guidelineGradeOf({ code: 'systolic_bp', value: 134, unit: 'mmHg', min: 90, max: 139 })).toBeNull()
		expect(guidelineGradeOf({ code: 'bmi', value: 23, unit: 'lb' })).toBeNull()
		expect(guidelineGradeOf({ code: 'heart_rate', value: 70, unit: 'bpm' })).toBeNull()
	})

	it('is critical only strictly beyond the critical threshold', () => {
		expect(gradeParameter({ code: 'potassium', value: 6.5, unit: 'mmol/L', min: 3.5, max: 5.1 })).toBe('critical')
		expect(gradeParameter({ code: 'potassium', value: 6.2, unit: 'mmol/L', min: 3.5, max: 5.1 })).toBe('high')
		expect(gradeParameter({ code: 'potassium', value: 2.7, unit: 'mmol/L', min: 3.5, max: 5.1 })).toBe('critical')
		expect(gradeParameter({ code: 'glucose', value: 401, unit: 'mg/dL', min: 70, max: 99 })).toBe('critical')
		expect(gradeParameter({ code: 'glucose', value: 49, unit: 'mg/dL', min: 70, max: 99 })).toBe('critical')
		expect(gradeParameter({ code: 'hemoglobin', value: 6.9, unit: 'g/dL', min: 12, max: 15.5 })).toBe('critical')
		expect(gradeParameter({ code: 'sodium', value: 161, unit: 'mmol/L', min: 136, max: 145 })).toBe('critical')
		expect(gradeParameter({ code: 'calcium', value: 13.1, unit: 'mg/dL', min: 8.5, max: 10.5 })).toBe('critical')
	})

	it('applies cell-count thresholds in any spelling of 10^3/uL', () => {
		for (const unit of ['K/uL', 'x10^3/uL', '10^3/uL', 'x10E3/uL', '10*3/uL']) {
			expect(gradeParameter({ code: 'platelets', value: 45, unit, min: 150, max: 400 })).toBe('critical')
			expect(gradeParameter({ code: 'wbc', value: 31, unit, min: 4, max: 10.5 })).toBe('critical')
		}
	})

	it('skips the critical check in a unit the thresholds are not given in', () => {
		expect(gradeParameter({ code: 'glucose', value: 25, unit: 'mmol/L', min: 3.9, max: 5.5 })).toBe('high')
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
