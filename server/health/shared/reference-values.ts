import { normalizeUnit } from './units.ts'
import type { ParameterStatus, ReferenceRange } from './types.ts'

/**
 * Default adult reference ranges and critical limits for the codes this domain
 * creates or charts, used when a stored row carries no range of its own (manual
 * readings, BMI derived from weight and height). Values in the canonical unit.
 *
 * - glucose 70-99 mg/dL: ADA normal fasting glucose; critical below 54 (ADA
 *   level 2 hypoglycaemia) or above 400.
 * - hba1c 4.0-5.6 %: ADA (5.7 starts the prediabetes range).
 * - lipids, NCEP ATP III: total cholesterol < 200, LDL < 100, HDL >= 40,
 *   triglycerides < 150, non-HDL < 130 mg/dL.
 * - blood pressure, ACC/AHA 2017 "normal": systolic < 120, diastolic < 80
 *   (lower limits 90/60); critical above 180 systolic or 120 diastolic
 *   (hypertensive crisis).
 * - bmi 18.5-24.9 kg/m2: WHO normal weight.
 * - heart_rate 60-100 bpm (critical below 40 or above 130), spo2 95-100 %
 *   (critical below 90), temperature 36.1-37.9 C / 97.0-100.3 F (critical
 *   below 35 C / 95 F or from 40 C / 104 F).
 */

type ReferenceValues = {
	name: string
	unit: string | null
	range: ReferenceRange
	criticalBelow?: number
	criticalAbove?: number
}

const REFERENCE_VALUES: Record<string, ReferenceValues> = {
	glucose: { name: 'Glucose', unit: 'mg/dL', range: { min: 70, max: 99 }, criticalBelow: 54, criticalAbove: 400 },
	hba1c: { name: 'HbA1c', unit: '%', range: { min: 4, max: 5.6 } },
	total_cholesterol: { name: 'Total Cholesterol', unit: 'mg/dL', range: { min: null, max: 199 } },
	ldl: { name: 'LDL Cholesterol', unit: 'mg/dL', range: { min: null, max: 99 } },
	hdl: { name: 'HDL Cholesterol', unit: 'mg/dL', range: { min: 40, max: null } },
	triglycerides: { name: 'Triglycerides', unit: 'mg/dL', range: { min: null, max: 149 } },
	non_hdl_cholesterol: { name: 'Non-HDL Cholesterol', unit: 'mg/dL', range: { min: null, max: 129 } },
	systolic_bp: { name: 'Systolic Blood Pressure', unit: 'mmHg', range: { min: 90, max: 119 }, criticalAbove: 180 },
	diastolic_bp: { name: 'Diastolic Blood Pressure', unit: 'mmHg', range: { min: 60, max: 79 }, criticalAbove: 120 },
	bmi: { name: 'BMI', unit: 'kg/m2', range: { min: 18.5, max: 24.9 } },
	heart_rate: { name: 'Heart Rate', unit: 'bpm', range: { min: 60, max: 100 }, criticalBelow: 40, criticalAbove: 130 },
	spo2: { name: 'Oxygen Saturation', unit: '%', range: { min: 95, max: 100 }, criticalBelow: 90 },
	weight: { name: 'Weight', unit: null, range: { min: null, max: null } },
	height: { name: 'Height', unit: null, range: { min: null, max: null } },
}

const CELSIUS = { range: { min: 36.1, max: 37.9 }, criticalBelow: 35, criticalAbove: 39.9 }
const FAHRENHEIT = { range: { min: 97, max: 100.3 }, criticalBelow: 95, criticalAbove: 103.9 }

function temperatureScale(unit: string | null) {
	const normalized = normalizeUnit(unit)
	if (normalized === '°c' || normalized === 'c' || normalized === 'degc') return CELSIUS
	if (normalized === '°f' || normalized === 'f' || normalized === 'degf') return FAHRENHEIT
	return null
}

/** The display name of a code, or the code itself when we have none. */
export function parameterNameFor(code: string): string {
	if (code === 'temperature') return 'Temperature'
	return REFERENCE_VALUES[code]?.name ?? code
}

export function canonicalUnitFor(code: string): string | null {
	return REFERENCE_VALUES[code]?.unit ?? null
}

/** Default reference range for a code (temperature needs its unit), or null when none is known. */
export function defaultReferenceRangeFor(code: string, unit: string | null = null): ReferenceRange | null {
	if (code === 'temperature') return temperatureScale(unit)?.range ?? null
	const values = REFERENCE_VALUES[code]
	if (!values || (values.range.min === null && values.range.max === null)) return null
	return values.range
}

/**
 * Status of a value against a reference range: 'critical' beyond the code's
 * critical limits, otherwise 'low' below min, 'high' above max, else 'normal'.
 * Null when there is no range at all.
 */
export function statusForValue(
	code: string,
	value: number,
	range: ReferenceRange | null,
	unit: string | null = null
): ParameterStatus | null {
	const limits = code === 'temperature' ? temperatureScale(unit) : REFERENCE_VALUES[code]
	if (limits?.criticalBelow !== undefined && value < limits.criticalBelow) return 'critical'
	if (limits?.criticalAbove !== undefined && value > limits.criticalAbove) return 'critical'
	if (!range) return null
	if (range.min !== null && value < range.min) return 'low'
	if (range.max !== null && value > range.max) return 'high'
	if (range.min === null && range.max === null) return null
	return 'normal'
}

export function isAbnormalStatus(status: ParameterStatus | null): status is 'low' | 'high' | 'critical' {
	return status === 'low' || status === 'high' || status === 'critical'
}
