import { formatValueText } from '#server/health/shared/measurement.ts'

/**
 * A C-CDA or FHIR value with the precision its analyte warrants (issue 39
 * point 4): files written by software carry floats no instrument gives
 * (BMI 24.97, systolic 129.97, height 183.0988973459694). The value is
 * rounded once, here, before it is graded, stored and shown, so the grade
 * always follows the number shown ('25.0: Overweight', never '25.0: Normal
 * weight').
 *
 * - Vital signs keep the decimals clinicians write them with, in any of
 *   their units (whole mmHg and beats per minute, BMI and body measures
 *   to one decimal).
 * - Any other value keeps the file's text unless only a computation could
 *   have written it (more than four decimals): then three significant
 *   digits (measurement.ts, the one display rule).
 */

const VITAL_SIGN_DECIMALS: Readonly<Record<string, number>> = {
	systolic_bp: 0,
	diastolic_bp: 0,
	heart_rate: 0,
	respiratory_rate: 0,
	bmi: 1,
	weight: 1,
	height: 1,
	temperature: 1,
	spo2: 0,
}

/** The value and its text as stored, graded and shown. `code`: the vocabulary's, null for a result without one. */
export function withWarrantedPrecision(code: string | null, value: number, valueText: string): { value: number; valueText: string } {
	const decimals = code === null ? undefined : VITAL_SIGN_DECIMALS[code]
	if (decimals !== undefined) {
		const places = valueText.split('.')[1]?.length ?? 0
		if (places <= decimals) return { value, valueText }
		const rounded = Number(value.toFixed(decimals))
		return { value: rounded, valueText: rounded.toFixed(decimals) }
	}
	const shown = formatValueText(valueText)
	return shown === valueText.trim() ? { value, valueText } : { value: Number(shown), valueText: shown }
}
