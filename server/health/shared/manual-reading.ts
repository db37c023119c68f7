import { z } from 'zod'
import { isValidLocalDate } from '#server/time/shared/zoned-time.ts'
import { toLocalDate } from './dates.ts'
import { gradeParameter } from '#server/lab-vocabulary/shared/grading.ts'
import { parameterNameFor } from './reference-values.ts'
import { calculateBmi, roundTo, toKilograms, toMetres } from './units.ts'
import type { DateInput, LocalDate, NewHealthParameter } from './types.ts'

/**
 * Manual readings: one Zod schema (shared by the form and the action) with a
 * plausible range per value, and the conversion of a valid reading into
 * health-parameter rows (source 'manual'). A range refuses what cannot be a
 * real measurement of a living adult, not what is merely unusual.
 */

export const MANUAL_READING_KINDS = ['blood_pressure', 'weight', 'height', 'glucose', 'hba1c', 'cholesterol', 'heart_rate', 'temperature', 'spo2'] as const
export type ManualReadingKind = (typeof MANUAL_READING_KINDS)[number]

export const MANUAL_READING_LABELS: Record<ManualReadingKind, string> = {
	blood_pressure: 'Blood pressure',
	weight: 'Weight',
	height: 'Height',
	glucose: 'Glucose',
	hba1c: 'HbA1c',
	cholesterol: 'Cholesterol',
	heart_rate: 'Heart rate',
	temperature: 'Temperature',
	spo2: 'Oxygen saturation',
}

type Limit = { label: string; min: number; max: number; unit: string }

export const MANUAL_READING_LIMITS = {
	systolic: { label: 'Systolic pressure', min: 50, max: 300, unit: 'mmHg' },
	diastolic: { label: 'Diastolic pressure', min: 30, max: 200, unit: 'mmHg' },
	heartRate: { label: 'Heart rate', min: 20, max: 300, unit: 'bpm' },
	weightKg: { label: 'Weight', min: 1, max: 500, unit: 'kg' },
	weightLb: { label: 'Weight', min: 2, max: 1100, unit: 'lb' },
	heightCm: { label: 'Height', min: 30, max: 272, unit: 'cm' },
	heightIn: { label: 'Height', min: 12, max: 107, unit: 'in' },
	glucose: { label: 'Glucose', min: 10, max: 1000, unit: 'mg/dL' },
	hba1c: { label: 'HbA1c', min: 3, max: 20, unit: '%' },
	totalCholesterol: { label: 'Total cholesterol', min: 50, max: 1000, unit: 'mg/dL' },
	ldl: { label: 'LDL cholesterol', min: 10, max: 900, unit: 'mg/dL' },
	hdl: { label: 'HDL cholesterol', min: 5, max: 200, unit: 'mg/dL' },
	triglycerides: { label: 'Triglycerides', min: 10, max: 10000, unit: 'mg/dL' },
	temperatureC: { label: 'Temperature', min: 30, max: 45, unit: '°C' },
	temperatureF: { label: 'Temperature', min: 86, max: 113, unit: '°F' },
	spo2: { label: 'Oxygen saturation', min: 50, max: 100, unit: '%' },
} as const satisfies Record<string, Limit>

/** BMI outside this range from a weight and height means a typing or unit mistake. */
export const PLAUSIBLE_BMI = { min: 10, max: 100 } as const
export const EARLIEST_READING_DATE = '1900-01-01'

export function rangeMessage(limit: Limit): string {
	const unit = limit.unit === '%' ? '%' : ` ${limit.unit}`
	return `${limit.label} must be between ${limit.min} and ${limit.max}${unit}.`
}

export const MANUAL_READING_MESSAGES = {
	dateRequired: 'Enter the date of the reading.',
	dateInvalid: 'Enter a valid date.',
	dateInFuture: 'The date cannot be in the future.',
	dateTooEarly: 'The date cannot be before 1900-01-01.',
	diastolicNotBelowSystolic: 'Diastolic pressure must be lower than systolic pressure.',
	cholesterolRequired: 'Enter at least one cholesterol value.',
	kindRequired: 'Choose the kind of reading.',
	heightUnitRequired: 'Choose the unit of the height.',
	implausibleBmi: (bmi: number) => `Weight and height give a BMI of ${bmi}, which is not possible. Check the values and their units.`,
} as const

function measurement(label: string, limit?: Limit) {
	const schema = z.number({
		required_error: `Enter the ${label.toLowerCase()}.`,
		invalid_type_error: `${label} must be a number.`,
	})
	return limit ? schema.min(limit.min, rangeMessage(limit)).max(limit.max, rangeMessage(limit)) : schema
}

function optionalMeasurement(label: string, limit: Limit) {
	return z
		.number({ invalid_type_error: `${label} must be a number.` })
		.min(limit.min, rangeMessage(limit))
		.max(limit.max, rangeMessage(limit))
		.optional()
}

function dateSchema(today: LocalDate) {
	return z
		.string({ required_error: MANUAL_READING_MESSAGES.dateRequired })
		.trim()
		.min(1, MANUAL_READING_MESSAGES.dateRequired)
		.refine((date) => date === '' || isValidLocalDate(date), MANUAL_READING_MESSAGES.dateInvalid)
		.refine((date) => !isValidLocalDate(date) || date <= today, MANUAL_READING_MESSAGES.dateInFuture)
		.refine((date) => !isValidLocalDate(date) || date >= EARLIEST_READING_DATE, MANUAL_READING_MESSAGES.dateTooEarly)
}

export function createManualReadingSchema(options: { today: DateInput }) {
	const date = dateSchema(toLocalDate(options.today))
	const L = MANUAL_READING_LIMITS
	// errorMap, not only required_error: Zod's default text for a wrong choice repeats the value sent.
	const weightUnit = z.enum(['kg', 'lb'], { errorMap: () => ({ message: 'Choose the unit of the weight.' }) })
	const heightUnit = z.enum(['cm', 'in'], { errorMap: () => ({ message: MANUAL_READING_MESSAGES.heightUnitRequired }) })
	return z
		.discriminatedUnion(
			'kind',
			[
				z.object({
					kind: z.literal('blood_pressure'),
					date,
					systolic: measurement('Systolic pressure', L.systolic),
					diastolic: measurement('Diastolic pressure', L.diastolic),
					heartRate: optionalMeasurement('Heart rate', L.heartRate),
				}),
				z.object({
					kind: z.literal('weight'),
					date,
					weight: measurement('Weight'),
					weightUnit,
					height: z.number({ invalid_type_error: 'Height must be a number.' }).optional(),
					heightUnit: heightUnit.optional(),
				}),
				z.object({ kind: z.literal('height'), date, height: measurement('Height'), heightUnit }),
				z.object({ kind: z.literal('glucose'), date, glucose: measurement('Glucose', L.glucose) }),
				z.object({ kind: z.literal('hba1c'), date, hba1c: measurement('HbA1c', L.hba1c) }),
				z.object({
					kind: z.literal('cholesterol'),
					date,
					totalCholesterol: optionalMeasurement('Total cholesterol', L.totalCholesterol),
					ldl: optionalMeasurement('LDL cholesterol', L.ldl),
					hdl: optionalMeasurement('HDL cholesterol', L.hdl),
					triglycerides: optionalMeasurement('Triglycerides', L.triglycerides),
				}),
				z.object({ kind: z.literal('heart_rate'), date, heartRate: measurement('Heart rate', L.heartRate) }),
				z.object({
					kind: z.literal('temperature'),
					date,
					temperature: measurement('Temperature'),
					temperatureUnit: z.enum(['°C', '°F'], { errorMap: () => ({ message: 'Choose the unit of the temperature.' }) }),
				}),
				z.object({ kind: z.literal('spo2'), date, spo2: measurement('Oxygen saturation', L.spo2) }),
			],
			{
				errorMap: (issue, context) =>
					issue.code === 'invalid_union_discriminator' ? { message: MANUAL_READING_MESSAGES.kindRequired } : { message: context.defaultError },
			},
		)
		.superRefine((reading, context) => {
			const check = (value: number | undefined, limit: Limit, path: string) => {
				if (value === undefined || (value >= limit.min && value <= limit.max)) return true
				context.addIssue({ code: z.ZodIssueCode.custom, message: rangeMessage(limit), path: [path] })
				return false
			}
			const isWithin = (value: number, limit: Limit) => value >= limit.min && value <= limit.max
			if (
				reading.kind === 'blood_pressure' &&
				isWithin(reading.systolic, L.systolic) &&
				isWithin(reading.diastolic, L.diastolic) &&
				reading.diastolic >= reading.systolic
			) {
				context.addIssue({
					code: z.ZodIssueCode.custom,
					message: MANUAL_READING_MESSAGES.diastolicNotBelowSystolic,
					path: ['diastolic'],
				})
			}
			if (reading.kind === 'weight' || reading.kind === 'height') {
				const weightOk = reading.kind !== 'weight' || check(reading.weight, reading.weightUnit === 'kg' ? L.weightKg : L.weightLb, 'weight')
				let heightOk = true
				if (reading.height !== undefined) {
					if (!reading.heightUnit) {
						context.addIssue({
							code: z.ZodIssueCode.custom,
							message: MANUAL_READING_MESSAGES.heightUnitRequired,
							path: ['heightUnit'],
						})
						heightOk = false
					} else {
						heightOk = check(reading.height, reading.heightUnit === 'cm' ? L.heightCm : L.heightIn, 'height')
					}
				}
				if (reading.kind === 'weight' && weightOk && heightOk && reading.height !== undefined && reading.heightUnit) {
					const bmi = bmiOf(reading.weight, reading.weightUnit, reading.height, reading.heightUnit)
					if (bmi < PLAUSIBLE_BMI.min || bmi > PLAUSIBLE_BMI.max) {
						context.addIssue({
							code: z.ZodIssueCode.custom,
							message: MANUAL_READING_MESSAGES.implausibleBmi(roundTo(bmi, 1)),
							path: ['height'],
						})
					}
				}
			}
			if (reading.kind === 'temperature') {
				check(reading.temperature, reading.temperatureUnit === '°C' ? L.temperatureC : L.temperatureF, 'temperature')
			}
			if (reading.kind === 'cholesterol' && [reading.totalCholesterol, reading.ldl, reading.hdl, reading.triglycerides].every((value) => value === undefined)) {
				context.addIssue({
					code: z.ZodIssueCode.custom,
					message: MANUAL_READING_MESSAGES.cholesterolRequired,
					path: ['totalCholesterol'],
				})
			}
		})
}

export type ManualReading = z.infer<ReturnType<typeof createManualReadingSchema>>

export type ManualReadingValidation = { success: true; reading: ManualReading } | { success: false; fieldErrors: Record<string, string[]> }

/** Parses a reading; on failure, messages per field ('' for the form as a whole). */
export function validateManualReading(input: unknown, today: DateInput): ManualReadingValidation {
	const result = createManualReadingSchema({ today }).safeParse(input)
	if (result.success) return { success: true, reading: result.data }
	const fieldErrors: Record<string, string[]> = {}
	for (const issue of result.error.issues) {
		const key = issue.path.join('.')
		fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message]
	}
	return { success: false, fieldErrors }
}

function bmiOf(weight: number, weightUnit: 'kg' | 'lb', height: number, heightUnit: 'cm' | 'in'): number {
	return calculateBmi(toKilograms(weight, weightUnit)!, toMetres(height, heightUnit)!)
}

/** A typed reading has no printed range: graded by the one rule (decision 025), so only blood pressure and BMI by their guideline. */
function manualRow(code: string, value: number, unit: string | null, testDate: LocalDate): NewHealthParameter {
	return {
		code,
		name: parameterNameFor(code),
		value,
		unit,
		referenceRangeMin: null,
		referenceRangeMax: null,
		status: gradeParameter({ code, value, unit, min: null, max: null }),
		testDate,
		source: 'manual',
		documentId: null,
	}
}

/**
 * The parameter rows a reading becomes: blood pressure gives systolic and
 * diastolic rows (and heart rate when given); a weight with a height gives
 * weight, height and BMI (one decimal); cholesterol gives a row per value.
 * Values keep the unit they were entered in.
 */
export function manualReadingToParameters(reading: ManualReading): NewHealthParameter[] {
	const date = reading.date
	switch (reading.kind) {
		case 'blood_pressure':
			return [
				manualRow('systolic_bp', reading.systolic, 'mmHg', date),
				manualRow('diastolic_bp', reading.diastolic, 'mmHg', date),
				...(reading.heartRate === undefined ? [] : [manualRow('heart_rate', reading.heartRate, 'bpm', date)]),
			]
		case 'weight': {
			const rows = [manualRow('weight', reading.weight, reading.weightUnit, date)]
			if (reading.height !== undefined && reading.heightUnit) {
				rows.push(manualRow('height', reading.height, reading.heightUnit, date))
				const bmi = roundTo(bmiOf(reading.weight, reading.weightUnit, reading.height, reading.heightUnit), 1)
				rows.push(manualRow('bmi', bmi, 'kg/m2', date))
			}
			return rows
		}
		case 'height':
			return [manualRow('height', reading.height, reading.heightUnit, date)]
		case 'glucose':
			return [manualRow('glucose', reading.glucose, 'mg/dL', date)]
		case 'hba1c':
			return [manualRow('hba1c', reading.hba1c, '%', date)]
		case 'cholesterol': {
			const values: [string, number | undefined][] = [
				['total_cholesterol', reading.totalCholesterol],
				['ldl', reading.ldl],
				['hdl', reading.hdl],
				['triglycerides', reading.triglycerides],
			]
			return values.flatMap(([code, value]) => (value === undefined ? [] : [manualRow(code, value, 'mg/dL', date)]))
		}
		case 'heart_rate':
			return [manualRow('heart_rate', reading.heartRate, 'bpm', date)]
		case 'temperature':
			return [manualRow('temperature', reading.temperature, reading.temperatureUnit, date)]
		case 'spo2':
			return [manualRow('spo2', reading.spo2, '%', date)]
	}
}
