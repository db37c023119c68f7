import { describe, expect, it } from 'vitest'
import { bloodPressureReadings, bmiReadings, dailyReadingsForCode, mostSevereStatus } from './readings.ts'
import { makeBloodPressure, makeParameter } from '#tests/support/health-parameters.ts'

describe('daily readings', () => {
	it('averages the rows of one day and sorts by date', () => {
		const readings = dailyReadingsForCode(
			[
				makeParameter('glucose', 110, '2024-02-01'),
				makeParameter('glucose', 100, '2024-01-15'),
				makeParameter('glucose', 120, '2024-02-01', { status: 'high' }),
			],
			'glucose',
		)
		expect(readings.map(({ date, value, storedStatus }) => ({ date, value, storedStatus }))).toEqual([
			{ date: '2024-01-15', value: 100, storedStatus: null },
			{ date: '2024-02-01', value: 115, storedStatus: 'high' },
		])
	})

	it('converts mmol/L glucose to mg/dL and drops unknown units', () => {
		const readings = dailyReadingsForCode(
			[makeParameter('glucose', 5.5, '2024-01-15', { unit: 'mmol/L' }), makeParameter('glucose', 1.1, '2024-01-20', { unit: 'g/L' })],
			'glucose',
		)
		expect(readings).toHaveLength(1)
		expect(readings[0].value).toBeCloseTo(99.088, 6)
		expect(readings[0].unit).toBe('mg/dL')
	})

	it('converts a stored reference range along with the value', () => {
		const [reading] = dailyReadingsForCode(
			[makeParameter('glucose', 5, '2024-01-15', { unit: 'mmol/L', referenceRangeMin: 3.9, referenceRangeMax: 5.5 })],
			'glucose',
		)
		// 5 x 18.016 = 90.08; 3.9 x 18.016 = 70.2624; 5.5 x 18.016 = 99.088
		expect(reading.value).toBeCloseTo(90.08, 6)
		expect(reading.storedReferenceRange?.min).toBeCloseTo(70.2624, 6)
		expect(reading.storedReferenceRange?.max).toBeCloseTo(99.088, 6)
	})

	it('keeps other lab codes in the unit of their newest row', () => {
		const readings = dailyReadingsForCode(
			[
				makeParameter('creatinine', 88, '2024-01-01', { unit: 'umol/L' }),
				makeParameter('creatinine', 1.1, '2024-02-01', { unit: 'mg/dL' }),
				makeParameter('creatinine', 1.0, '2024-03-01', { unit: 'mg/dL' }),
			],
			'creatinine',
		)
		expect(readings.map((reading) => reading.value)).toEqual([1.1, 1.0])
	})

	it('ranks stored statuses by severity', () => {
		expect(mostSevereStatus(['normal', null, 'low', 'critical', 'high'])).toBe('critical')
		expect(mostSevereStatus([null, null])).toBeNull()
	})

	it("joins a mean cell volume written 'FL' (a vendor's capitals) to the 'fL' series", () => {
		const readings = dailyReadingsForCode(
			[
				makeParameter('mcv', 88, '2024-01-15', { unit: 'fL' }),
				makeParameter('mcv', 91, '2024-03-02', { unit: 'FL' }),
				makeParameter('mcv', 90, '2024-05-20', { unit: 'fL' }),
			],
			'mcv',
		)
		expect(readings.map(({ date, value }) => [date, value])).toEqual([
			['2024-01-15', 88],
			['2024-03-02', 91],
			['2024-05-20', 90],
		])
	})
})

describe('blood-pressure readings', () => {
	it('pairs systolic and diastolic of the same day and keeps a day with one of them', () => {
		const readings = bloodPressureReadings([
			...makeBloodPressure(128, 82, '2024-01-10'),
			makeParameter('systolic_bp', 140, '2024-01-20'),
			makeParameter('diastolic_bp', 91, '2024-01-25'),
			...makeBloodPressure(130, 84, '2024-02-10'),
			...makeBloodPressure(134, 86, '2024-02-10'),
		])
		expect(readings.map(({ date, systolic, diastolic }) => ({ date, systolic, diastolic }))).toEqual([
			{ date: '2024-01-10', systolic: 128, diastolic: 82 },
			{ date: '2024-01-20', systolic: 140, diastolic: null },
			{ date: '2024-01-25', systolic: null, diastolic: 91 },
			{ date: '2024-02-10', systolic: 132, diastolic: 85 },
		])
	})
})

describe('BMI readings', () => {
	it('derives BMI from weight in lb and height in inches', () => {
		const readings = bmiReadings([makeParameter('height', 68, '2024-01-01', { unit: 'in' }), makeParameter('weight', 154, '2024-03-01', { unit: 'lb' })])
		// 154 lb = 69.85322498 kg; 68 in = 1.7272 m; 69.85322498 / 1.7272^2 = 23.4153796
		expect(readings).toHaveLength(1)
		expect(readings[0].date).toBe('2024-03-01')
		expect(readings[0].value).toBeCloseTo(23.4153796, 6)
		expect(readings[0].isDerived).toBe(true)
	})

	it('uses the newest earlier height, else the earliest later one, and prefers a stored BMI', () => {
		const readings = bmiReadings([
			makeParameter('weight', 70, '2024-01-01'),
			makeParameter('height', 175, '2024-02-01'),
			makeParameter('weight', 80, '2024-03-01'),
			makeParameter('height', 180, '2024-04-01'),
			makeParameter('weight', 90, '2024-05-01'),
			makeParameter('bmi', 27.5, '2024-05-01'),
			makeParameter('weight', 75, '2024-06-01', { unit: null }),
		])
		// 70 / 1.75^2 = 22.857; 80 / 1.75^2 = 26.122; 2024-05-01 keeps the stored 27.5
		expect(readings.map((reading) => [reading.date, Number(reading.value.toFixed(3)), reading.isDerived])).toEqual([
			['2024-01-01', 22.857, true],
			['2024-03-01', 26.122, true],
			['2024-05-01', 27.5, false],
		])
	})

	it('derives nothing without a height', () => {
		expect(bmiReadings([makeParameter('weight', 70, '2024-01-01')])).toEqual([])
	})
})
