import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'
import { MANUAL_READING_MESSAGES, createManualReadingSchema, manualReadingToParameters, validateManualReading, type ManualReading } from './manual-reading.ts'

const today = '2024-06-28'

function errorsOf(input: unknown) {
	const result = validateManualReading(input, today)
	if (result.success) throw new Error('expected the reading to be refused')
	return result.fieldErrors
}

function readingOf(input: unknown): ManualReading {
	const result = validateManualReading(input, today)
	if (!result.success) throw new Error(JSON.stringify(result.fieldErrors))
	return result.reading
}

describe('manual reading validation', () => {
	it('refuses impossible blood pressures with clear messages', () => {
		expect(errorsOf({ kind: 'blood_pressure', date: today, systolic: 20, diastolic: 10 })).toEqual({
			systolic: ['Systolic pressure must be between 50 and 300 mmHg.'],
			diastolic: ['Diastolic pressure must be between 30 and 200 mmHg.'],
		})
		expect(errorsOf({ kind: 'blood_pressure', date: today, systolic: 400, diastolic: 80 })).toEqual({
			systolic: ['Systolic pressure must be between 50 and 300 mmHg.'],
		})
	})

	it('wants the diastolic pressure below the systolic', () => {
		expect(errorsOf({ kind: 'blood_pressure', date: today, systolic: 120, diastolic: 120 })).toEqual({
			diastolic: [MANUAL_READING_MESSAGES.diastolicNotBelowSystolic],
		})
	})

	it('says when a value is missing or not a number', () => {
		expect(errorsOf({ kind: 'blood_pressure', date: today, diastolic: 80 })).toEqual({
			systolic: ['Enter the systolic pressure.'],
		})
		expect(errorsOf({ kind: 'glucose', date: today, glucose: 'abc' })).toEqual({
			glucose: ['Glucose must be a number.'],
		})
		expect(errorsOf({ kind: 'glucose', date: today, glucose: Number.NaN })).toEqual({
			glucose: ['Glucose must be a number.'],
		})
	})

	it('checks the date', () => {
		expect(errorsOf({ kind: 'glucose', glucose: 90 })).toEqual({ date: ['Enter the date of the reading.'] })
		expect(errorsOf({ kind: 'glucose', date: '', glucose: 90 })).toEqual({ date: ['Enter the date of the reading.'] })
		expect(errorsOf({ kind: 'glucose', date: '2024-02-30', glucose: 90 })).toEqual({ date: ['Enter a valid date.'] })
		expect(errorsOf({ kind: 'glucose', date: '2024-06-29', glucose: 90 })).toEqual({
			date: ['The date cannot be in the future.'],
		})
		expect(errorsOf({ kind: 'glucose', date: '1899-12-31', glucose: 90 })).toEqual({
			date: ['The date cannot be before 1900-01-01.'],
		})
	})

	it('reports the date and the values together', () => {
		expect(errorsOf({ kind: 'blood_pressure', date: '2024-07-01', systolic: 120, diastolic: 130 })).toEqual({
			date: ['The date cannot be in the future.'],
			diastolic: [MANUAL_READING_MESSAGES.diastolicNotBelowSystolic],
		})
	})

	it('applies weight and height limits in the unit entered', () => {
		expect(errorsOf({ kind: 'weight', date: today, weight: 600, weightUnit: 'kg' })).toEqual({
			weight: ['Weight must be between 1 and 500 kg.'],
		})
		expect(readingOf({ kind: 'weight', date: today, weight: 600, weightUnit: 'lb' })).toMatchObject({ weight: 600 })
		expect(errorsOf({ kind: 'height', date: today, height: 300, heightUnit: 'cm' })).toEqual({
			height: ['Height must be between 30 and 272 cm.'],
		})
		expect(errorsOf({ kind: 'weight', date: today, weight: 70, weightUnit: 'kg', height: 175 })).toEqual({
			heightUnit: ['Choose the unit of the height.'],
		})
	})

	it('catches a weight and height that give an impossible BMI', () => {
		// 70 kg and 70 cm: 70 / 0.49 = 142.9
		expect(errorsOf({ kind: 'weight', date: today, weight: 70, weightUnit: 'kg', height: 70, heightUnit: 'cm' })).toEqual({
			height: ['Weight and height give a BMI of 142.9, which is not possible. Check the values and their units.'],
		})
	})

	it('needs at least one cholesterol value, and a known kind', () => {
		expect(errorsOf({ kind: 'cholesterol', date: today })).toEqual({
			totalCholesterol: ['Enter at least one cholesterol value.'],
		})
		expect(errorsOf({ kind: 'cholesterol', date: today, hdl: 2 })).toEqual({
			hdl: ['HDL cholesterol must be between 5 and 200 mg/dL.'],
		})
		expect(errorsOf({ kind: 'x-ray', date: today })).toEqual({ kind: ['Choose the kind of reading.'] })
	})

	it('checks temperature and the percentage ranges', () => {
		expect(errorsOf({ kind: 'temperature', date: today, temperature: 38.5, temperatureUnit: '°F' })).toEqual({
			temperature: ['Temperature must be between 86 and 113 °F.'],
		})
		expect(errorsOf({ kind: 'spo2', date: today, spo2: 101 })).toEqual({
			spo2: ['Oxygen saturation must be between 50 and 100%.'],
		})
		expect(errorsOf({ kind: 'hba1c', date: today, hba1c: 25 })).toEqual({ hba1c: ['HbA1c must be between 3 and 20%.'] })
		expect(errorsOf({ kind: 'glucose', date: today, glucose: 5 })).toEqual({
			glucose: ['Glucose must be between 10 and 1000 mg/dL.'],
		})
	})

	it('is one schema usable by forms and actions', () => {
		const schema = createManualReadingSchema({ today: new Date('2024-06-28T12:00:00Z') })
		expect(schema.safeParse({ kind: 'heart_rate', date: '2024-06-28', heartRate: 72 }).success).toBe(true)
	})

	it('parses Conform form data, with an empty optional field', () => {
		const schema = createManualReadingSchema({ today })
		const formData = new FormData()
		for (const [name, value] of Object.entries({
			kind: 'blood_pressure',
			date: '2024-06-01',
			systolic: '20',
			diastolic: '80',
			heartRate: '',
		})) {
			formData.set(name, value)
		}
		const refused = parseWithZod(formData, { schema })
		expect(refused.status).toBe('error')
		expect(refused.reply().error).toEqual({ systolic: ['Systolic pressure must be between 50 and 300 mmHg.'] })
		formData.set('systolic', '128')
		const accepted = parseWithZod(formData, { schema })
		expect(accepted.status === 'success' && accepted.value).toEqual({
			kind: 'blood_pressure',
			date: '2024-06-01',
			systolic: 128,
			diastolic: 80,
		})
	})
})

describe('manual reading to parameter rows', () => {
	it('turns a blood pressure into systolic and diastolic rows graded by ACC/AHA 2017, the heart rate not graded (no printed range, decision 025)', () => {
		const rows = manualReadingToParameters(readingOf({ kind: 'blood_pressure', date: '2024-06-01', systolic: 135, diastolic: 85, heartRate: 72 }))
		expect(rows).toEqual([
			{
				code: 'systolic_bp',
				name: 'Systolic Blood Pressure',
				value: 135,
				unit: 'mmHg',
				referenceRangeMin: null,
				referenceRangeMax: null,
				status: 'high',
				testDate: '2024-06-01',
				source: 'manual',
				documentId: null,
			},
			{
				code: 'diastolic_bp',
				name: 'Diastolic Blood Pressure',
				value: 85,
				unit: 'mmHg',
				referenceRangeMin: null,
				referenceRangeMax: null,
				status: 'high',
				testDate: '2024-06-01',
				source: 'manual',
				documentId: null,
			},
			{
				code: 'heart_rate',
				name: 'Heart Rate',
				value: 72,
				unit: 'bpm',
				referenceRangeMin: null,
				referenceRangeMax: null,
				status: null,
				testDate: '2024-06-01',
				source: 'manual',
				documentId: null,
			},
		])
	})

	it('adds height and BMI rows to a weight with a height', () => {
		// 154 lb, 68 in: 69.853 kg / 1.7272^2 m = 23.4
		const rows = manualReadingToParameters(readingOf({ kind: 'weight', date: '2024-06-01', weight: 154, weightUnit: 'lb', height: 68, heightUnit: 'in' }))
		expect(rows.map((row) => [row.code, row.value, row.unit, row.status])).toEqual([
			['weight', 154, 'lb', null],
			['height', 68, 'in', null],
			['bmi', 23.4, 'kg/m2', 'normal'],
		])
		expect(manualReadingToParameters(readingOf({ kind: 'weight', date: '2024-06-01', weight: 70, weightUnit: 'kg' }))).toHaveLength(1)
	})

	it('makes a row per cholesterol value; only a critical glucose is graded, as a typed value has no range (decision 025)', () => {
		const lipids = manualReadingToParameters(readingOf({ kind: 'cholesterol', date: '2024-06-01', totalCholesterol: 245, hdl: 38 }))
		expect(lipids.map((row) => [row.code, row.value, row.status])).toEqual([
			['total_cholesterol', 245, null],
			['hdl', 38, null],
		])
		expect(manualReadingToParameters(readingOf({ kind: 'glucose', date: '2024-06-01', glucose: 45 }))[0].status).toBe('critical')
		expect(manualReadingToParameters(readingOf({ kind: 'glucose', date: '2024-06-01', glucose: 130 }))[0].status).toBeNull()
		expect(manualReadingToParameters(readingOf({ kind: 'temperature', date: '2024-06-01', temperature: 38.5, temperatureUnit: '°C' }))[0]).toMatchObject({
			code: 'temperature',
			unit: '°C',
			status: null,
			referenceRangeMin: null,
			referenceRangeMax: null,
		})
	})
})
