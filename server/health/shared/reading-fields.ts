import { MANUAL_READING_LIMITS, type ManualReadingKind } from './manual-reading.ts'

/**
 * The inputs of the add-reading form for each kind of reading. Names match
 * createManualReadingSchema; units follow the US defaults (lb, in, °F) where
 * the patient can choose.
 */

export type ReadingUnitChoice = { name: string; label: string; options: string[]; defaultValue: string }

export type ReadingField = {
	name: string
	label: string
	/** Fixed unit, shown with the label. */
	unit?: string
	/** A unit the patient chooses. */
	unitChoice?: ReadingUnitChoice
	isOptional?: boolean
	/** A hint with the accepted range. */
	hint?: string
}

const L = MANUAL_READING_LIMITS

function rangeHint(limit: { min: number; max: number; unit: string }) {
	return `${limit.min}–${limit.max}${limit.unit === '%' ? '%' : ` ${limit.unit}`}`
}

const WEIGHT_UNIT: ReadingUnitChoice = { name: 'weightUnit', label: 'Weight unit', options: ['lb', 'kg'], defaultValue: 'lb' }
const HEIGHT_UNIT: ReadingUnitChoice = { name: 'heightUnit', label: 'Height unit', options: ['in', 'cm'], defaultValue: 'in' }
const TEMPERATURE_UNIT: ReadingUnitChoice = {
	name: 'temperatureUnit',
	label: 'Temperature unit',
	options: ['°F', '°C'],
	defaultValue: '°F',
}

export const READING_FIELDS: Record<ManualReadingKind, ReadingField[]> = {
	blood_pressure: [
		{ name: 'systolic', label: 'Systolic pressure', unit: 'mmHg', hint: rangeHint(L.systolic) },
		{ name: 'diastolic', label: 'Diastolic pressure', unit: 'mmHg', hint: rangeHint(L.diastolic) },
		{ name: 'heartRate', label: 'Heart rate', unit: 'bpm', isOptional: true, hint: rangeHint(L.heartRate) },
	],
	weight: [
		{ name: 'weight', label: 'Weight', unitChoice: WEIGHT_UNIT },
		{ name: 'height', label: 'Height', unitChoice: HEIGHT_UNIT, isOptional: true, hint: 'With a height, your BMI is computed.' },
	],
	height: [{ name: 'height', label: 'Height', unitChoice: HEIGHT_UNIT }],
	glucose: [{ name: 'glucose', label: 'Glucose', unit: 'mg/dL', hint: `Fasting if you can. ${rangeHint(L.glucose)}` }],
	hba1c: [{ name: 'hba1c', label: 'HbA1c', unit: '%', hint: rangeHint(L.hba1c) }],
	cholesterol: [
		{ name: 'totalCholesterol', label: 'Total cholesterol', unit: 'mg/dL', isOptional: true },
		{ name: 'ldl', label: 'LDL cholesterol', unit: 'mg/dL', isOptional: true },
		{ name: 'hdl', label: 'HDL cholesterol', unit: 'mg/dL', isOptional: true },
		{ name: 'triglycerides', label: 'Triglycerides', unit: 'mg/dL', isOptional: true },
	],
	heart_rate: [{ name: 'heartRate', label: 'Heart rate', unit: 'bpm', hint: rangeHint(L.heartRate) }],
	temperature: [{ name: 'temperature', label: 'Temperature', unitChoice: TEMPERATURE_UNIT }],
	spo2: [{ name: 'spo2', label: 'Oxygen saturation', unit: '%', hint: rangeHint(L.spo2) }],
}

/** Default values of the unit choices of a kind (the form's defaultValue). */
export function readingUnitDefaults(kind: ManualReadingKind): Record<string, string> {
	return Object.fromEntries(READING_FIELDS[kind].flatMap((field) => (field.unitChoice ? [[field.unitChoice.name, field.unitChoice.defaultValue]] : [])))
}
