import type { ParameterStatus, ReferenceRange } from './types.ts'

/**
 * Names and canonical units of the codes this domain creates or charts, and
 * the band a chart shades when no reading in view carries a printed range.
 *
 * Grading is not done here: every status comes from the one rule,
 * gradeParameter (server/extraction/parameter-status.ts, decision 025). A
 * value without a printed range is not graded unless a named guideline
 * grades it, so the only default bands are those guidelines' normal
 * categories: blood pressure, ACC/AHA 2017 "normal" (systolic < 120,
 * diastolic < 80, no lower limit), and BMI 18.5-24.9 kg/m2, WHO normal weight.
 */

type ReferenceValues = {
	name: string
	unit: string | null
	/** the guideline's normal band, where a guideline grades the code */
	band?: ReferenceRange
}

const REFERENCE_VALUES: Record<string, ReferenceValues> = {
	glucose: { name: 'Glucose', unit: 'mg/dL' },
	hba1c: { name: 'HbA1c', unit: '%' },
	total_cholesterol: { name: 'Total Cholesterol', unit: 'mg/dL' },
	ldl: { name: 'LDL Cholesterol', unit: 'mg/dL' },
	hdl: { name: 'HDL Cholesterol', unit: 'mg/dL' },
	triglycerides: { name: 'Triglycerides', unit: 'mg/dL' },
	non_hdl_cholesterol: { name: 'Non-HDL Cholesterol', unit: 'mg/dL' },
	systolic_bp: { name: 'Systolic Blood Pressure', unit: 'mmHg', band: { min: null, max: 119 } },
	diastolic_bp: { name: 'Diastolic Blood Pressure', unit: 'mmHg', band: { min: null, max: 79 } },
	bmi: { name: 'BMI', unit: 'kg/m2', band: { min: 18.5, max: 24.9 } },
	heart_rate: { name: 'Heart Rate', unit: 'bpm' },
	spo2: { name: 'Oxygen Saturation', unit: '%' },
	weight: { name: 'Weight', unit: null },
	height: { name: 'Height', unit: null },
}

/** The display name of a code, or the code itself when we have none. */
export function parameterNameFor(code: string): string {
	if (code === 'temperature') return 'Temperature'
	return REFERENCE_VALUES[code]?.name ?? code
}

export function canonicalUnitFor(code: string): string | null {
	return REFERENCE_VALUES[code]?.unit ?? null
}

/** The band a chart shades for a code without a printed range: a guideline's normal category, or null. */
export function defaultReferenceRangeFor(code: string): ReferenceRange | null {
	return REFERENCE_VALUES[code]?.band ?? null
}

export function isAbnormalStatus(status: ParameterStatus | null): status is 'low' | 'high' | 'critical' {
	return status === 'low' || status === 'high' || status === 'critical'
}
