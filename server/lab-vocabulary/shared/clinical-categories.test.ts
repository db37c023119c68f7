import { describe, expect, it } from 'vitest'
import {
	classifyBloodPressure,
	classifyBmi,
	classifyFastingGlucose,
	classifyHba1c,
	classifyHdl,
	classifyLdl,
	classifyTenYearAscvdRisk,
	classifyTotalCholesterol,
	classifyTriglycerides,
} from './clinical-categories.ts'

describe('ACC/AHA 2017 blood-pressure categories', () => {
	it('puts 135/85 in stage 1', () => {
		expect(classifyBloodPressure(135, 85)).toEqual({ code: 'stage_1', label: 'Stage 1 hypertension' })
	})

	it('draws each boundary where the guideline does', () => {
		const code = (systolic: number, diastolic: number) => classifyBloodPressure(systolic, diastolic).code
		expect(code(119, 79)).toBe('normal')
		expect(code(120, 79)).toBe('elevated')
		expect(code(129, 79)).toBe('elevated')
		expect(code(129.5, 79)).toBe('elevated')
		expect(code(130, 70)).toBe('stage_1')
		expect(code(118, 80)).toBe('stage_1')
		expect(code(125, 85)).toBe('stage_1')
		expect(code(139, 89)).toBe('stage_1')
		expect(code(140, 70)).toBe('stage_2')
		expect(code(120, 90)).toBe('stage_2')
		expect(code(180, 120)).toBe('stage_2')
		expect(code(181, 100)).toBe('hypertensive_crisis')
		expect(code(150, 121)).toBe('hypertensive_crisis')
	})
})

describe('ADA glycaemic categories', () => {
	it('classifies HbA1c', () => {
		expect(classifyHba1c(5.6).code).toBe('normal')
		expect(classifyHba1c(5.7).code).toBe('prediabetes')
		expect(classifyHba1c(6.4).code).toBe('prediabetes')
		expect(classifyHba1c(6.5).code).toBe('diabetes')
	})

	it('classifies fasting glucose', () => {
		expect(classifyFastingGlucose(69).code).toBe('low')
		expect(classifyFastingGlucose(99).code).toBe('normal')
		expect(classifyFastingGlucose(100).code).toBe('prediabetes')
		expect(classifyFastingGlucose(125).code).toBe('prediabetes')
		expect(classifyFastingGlucose(126).code).toBe('diabetes')
	})
})

describe('NCEP ATP III lipid categories', () => {
	it('classifies total cholesterol', () => {
		expect(classifyTotalCholesterol(199).code).toBe('desirable')
		expect(classifyTotalCholesterol(200).code).toBe('borderline_high')
		expect(classifyTotalCholesterol(239).code).toBe('borderline_high')
		expect(classifyTotalCholesterol(240).code).toBe('high')
	})

	it('classifies LDL, HDL and triglycerides', () => {
		expect([99, 100, 130, 160, 189, 190].map((value) => classifyLdl(value).code)).toEqual([
			'optimal',
			'near_optimal',
			'borderline_high',
			'high',
			'high',
			'very_high',
		])
		expect([39, 40, 59, 60].map((value) => classifyHdl(value).code)).toEqual(['low', 'normal', 'normal', 'protective'])
		expect([149, 150, 199, 200, 499, 500].map((value) => classifyTriglycerides(value).code)).toEqual([
			'normal',
			'borderline_high',
			'borderline_high',
			'high',
			'high',
			'very_high',
		])
	})
})

describe('WHO BMI classes and ASCVD risk categories', () => {
	it('classifies BMI', () => {
		expect([18.4, 18.5, 24.9, 25, 29.9, 30, 35, 40].map((value) => classifyBmi(value).code)).toEqual([
			'underweight',
			'normal',
			'normal',
			'overweight',
			'overweight',
			'obesity_1',
			'obesity_2',
			'obesity_3',
		])
	})

	it('classifies 10-year ASCVD risk', () => {
		expect([4.9, 5, 7.4, 7.5, 19.9, 20].map((value) => classifyTenYearAscvdRisk(value).code)).toEqual([
			'low',
			'borderline',
			'borderline',
			'intermediate',
			'intermediate',
			'high',
		])
	})
})
