import { classifyBloodPressure, classifyBmi } from '#server/lab-vocabulary/shared/clinical-categories.ts'
import type { ParameterStatus } from './parameter-status.ts'
import { criticalThresholdFor, unitKey } from './critical-values.ts'

/**
 * The one grading rule (docs/decisions/025-one-grading-rule.md), for every
 * value wherever it comes from (a report's text or scan, a clinical note's
 * vital signs, a C-CDA or FHIR import, a reading the patient types, a BMI
 * computed from weight and height) and wherever it is shown (the document
 * page, trends, compare, risk, the shared view). In order:
 *
 * 1. critical when strictly beyond the code's critical value (critical-values.ts,
 *    in the units the threshold is given in), printed range or not;
 * 2. a printed reference range: low below its minimum, high above its
 *    maximum, else normal;
 * 3. no printed range, a vital the product grades by a named guideline:
 *    blood pressure by ACC/AHA 2017 (normal below 120 / 80; elevated, stage 1
 *    and stage 2 are high; a hypertensive crisis is critical), BMI by WHO
 *    (under 18.5 low, 25 and over high). Shown with the guideline's name
 *    ('Stage 1 hypertension (ACC/AHA)', guidelineGradeOf);
 * 4. no printed range: the status the source states (a printed flag 'H', a
 *    C-CDA or FHIR interpretation code);
 * 5. otherwise not graded (null, shown 'Not graded').
 */
export function gradeParameter(input: {
	code: string
	value: number
	unit: string | null
	min: number | null
	max: number | null
	/** the status the source states (statusFromFlag of a printed flag, an interpretation code) */
	stated?: ParameterStatus | null
}): ParameterStatus | null {
	const critical = criticalThresholdFor(input.code, input.unit)
	if (critical) {
		if (critical.low !== null && input.value < critical.low) return 'critical'
		if (critical.high !== null && input.value > critical.high) return 'critical'
	}
	if (input.min !== null || input.max !== null) {
		if (input.min !== null && input.value < input.min) return 'low'
		if (input.max !== null && input.value > input.max) return 'high'
		return 'normal'
	}
	const byGuideline = guidelineGradeOf(input)
	if (byGuideline) return byGuideline.status
	return input.stated ?? null
}

export type GuidelineGrade = {
	status: ParameterStatus
	/** the guideline's short name, as shown beside the category */
	guideline: 'ACC/AHA' | 'WHO'
	/** 'Stage 1 hypertension (ACC/AHA)', 'Normal weight (WHO)' */
	label: string
}

const MMHG = new Set(['mmhg', 'mm[hg]'])
const KG_PER_M2 = new Set(['kg/m2', 'kg/m²', 'kg/m^2'])

function hasUnit(unit: string | null, units: Set<string>) {
	return unit === null || unit.trim() === '' || units.has(unitKey(unit))
}

/**
 * The guideline grade of a value without a printed range: blood pressure
 * (each number alone, ACC/AHA 2017) and BMI (WHO); null for any other code,
 * a unit the guideline is not written in, or a value with a printed range.
 */
export function guidelineGradeOf(input: { code: string; value: number; unit: string | null; min?: number | null; max?: number | null }): GuidelineGrade | null {
	if ((input.min ?? null) !== null || (input.max ?? null) !== null) return null
	if ((input.code === 'systolic_bp' || input.code === 'diastolic_bp') && hasUnit(input.unit, MMHG)) {
		const category = input.code === 'systolic_bp' ? classifyBloodPressure(input.value, 0) : classifyBloodPressure(0, input.value)
		const status: ParameterStatus = category.code === 'normal' ? 'normal' : category.code === 'hypertensive_crisis' ? 'critical' : 'high'
		return { status, guideline: 'ACC/AHA', label: `${category.label} (ACC/AHA)` }
	}
	if (input.code === 'bmi' && hasUnit(input.unit, KG_PER_M2)) {
		const category = classifyBmi(input.value)
		const status: ParameterStatus = category.code === 'normal' ? 'normal' : category.code === 'underweight' ? 'low' : 'high'
		return { status, guideline: 'WHO', label: `${category.label} (WHO)` }
	}
	return null
}
