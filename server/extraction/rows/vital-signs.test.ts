import { describe, expect, it } from 'vitest'
import { extractVitalSigns, splitVitalItems } from './vital-signs.ts'

const NOTE = [
	'Vitals',
	'BP 141/90 mmHg (left arm, seated) | Pulse 83 bpm | Temp 98.3 °F | SpO2 98% | Weight 177.4 lb | Height 65 in | BMI 29.5',
	'kg/m2',
	'Current Medications',
	'   Lisinopril 10 mg daily',
].join('\n')

describe('splitVitalItems', () => {
	it('splits on bars and drops bracketed notes', () => {
		expect(splitVitalItems('BP 120/80 mmHg (left arm, seated) | Pulse 70 bpm; Temp 98.6 F')).toEqual(['BP 120/80 mmHg', 'Pulse 70 bpm', 'Temp 98.6 F'])
	})
})

describe('extractVitalSigns', () => {
	it('reads every vital sign, graded only where a guideline grades it (no range is printed)', () => {
		const vitals = extractVitalSigns(NOTE, { source: 'text', testDate: '2025-04-02' })
		expect(vitals.map((v) => [v.code, v.value, v.unit, v.status])).toEqual([
			// ACC/AHA 2017 stage 2 and WHO pre-obesity (decision 025); the others not graded
			['systolic_bp', 141, 'mmHg', 'high'],
			['diastolic_bp', 90, 'mmHg', 'high'],
			['heart_rate', 83, 'bpm', null],
			['temperature', 98.3, 'F', null],
			['spo2', 98, '%', null],
			['weight', 177.4, 'lb', null],
			['height', 65, 'in', null],
			['bmi', 29.5, 'kg/m2', 'high'],
		])
		expect(vitals.every((v) => v.testDate === '2025-04-02' && v.referenceRangeMin === null && v.referenceRangeMax === null)).toBe(true)
	})

	it('finds a blood pressure line without a vitals heading', () => {
		expect(extractVitalSigns('Seen today.\nBP: 128/76 mmHg\nPlan: recheck', { source: 'text', testDate: null }).map((v) => v.code)).toEqual([
			'systolic_bp',
			'diastolic_bp',
		])
	})
})
