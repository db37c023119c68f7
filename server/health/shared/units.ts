/**
 * Unit handling for the few codes the analytics compute with. Each code has one
 * canonical unit; a value in another known unit is converted, and a value in an
 * unknown unit is left out (null) rather than mixed into a series.
 * A missing unit is read as the canonical unit, except for weight and height
 * where pounds/kilograms and inches/centimetres cannot be told apart.
 */

/** mg/dL per mmol/L: glucose (molar mass 180.16 g/mol). */
export const GLUCOSE_MG_DL_PER_MMOL_L = 18.016
/** mg/dL per mmol/L: cholesterol (386.65 g/mol), for total, LDL, HDL and non-HDL. */
export const CHOLESTEROL_MG_DL_PER_MMOL_L = 38.67
/** mg/dL per mmol/L: triglycerides (as triolein, 885.7 g/mol). */
export const TRIGLYCERIDES_MG_DL_PER_MMOL_L = 88.57
export const KILOGRAMS_PER_POUND = 0.45359237
export const METRES_PER_INCH = 0.0254

const CHOLESTEROL_CODES = new Set(['total_cholesterol', 'ldl', 'hdl', 'non_hdl_cholesterol'])
const CONVERTIBLE_CODES = new Set([...CHOLESTEROL_CODES, 'glucose', 'triglycerides', 'hba1c', 'systolic_bp', 'diastolic_bp', 'bmi'])

/** Codes whose values toCanonicalValue converts to one unit (weight and height have their own helpers). */
export function hasCanonicalUnit(code: string): boolean {
	return CONVERTIBLE_CODES.has(code)
}

/** Lower case, no spaces, superscript two as '2', 'µ' as 'u'. */
export function normalizeUnit(unit: string | null): string | null {
	if (unit === null) return null
	const normalized = unit.trim().toLowerCase().replace(/\s+/g, '').replace('²', '2').replace('µ', 'u')
	return normalized === '' ? null : normalized
}

const MG_DL = new Set(['mg/dl', 'mg/100ml', 'mg%'])
const MMOL_L = new Set(['mmol/l', 'mm'])
// UCUM spellings too ('mm[Hg]', '[lb_av]', '[in_i]'): C-CDA and FHIR files write units in UCUM
const MMHG = new Set(['mmhg', 'mmhg.', 'mm/hg', 'mm[hg]'])
const KG_M2 = new Set(['kg/m2', 'kg/m^2'])
const KILOGRAMS = new Set(['kg', 'kgs', 'kilogram', 'kilograms'])
const POUNDS = new Set(['lb', 'lbs', 'pound', 'pounds', '[lb_av]'])
const CENTIMETRES = new Set(['cm', 'centimetre', 'centimetres', 'centimeter', 'centimeters'])
const METRES = new Set(['m', 'metre', 'metres', 'meter', 'meters'])
const INCHES = new Set(['in', 'inch', 'inches', '"', '[in_i]', '[in_us]'])

/**
 * The value in the code's canonical unit (mg/dL for glucose and lipids, % for
 * HbA1c, mmHg for blood pressure, kg/m2 for BMI), or null when the unit is not
 * one we can convert. Codes without a rule pass through unchanged.
 */
export function toCanonicalValue(code: string, value: number, unit: string | null): number | null {
	const normalized = normalizeUnit(unit)
	if (code === 'glucose') {
		if (normalized === null || MG_DL.has(normalized)) return value
		if (MMOL_L.has(normalized)) return value * GLUCOSE_MG_DL_PER_MMOL_L
		return null
	}
	if (CHOLESTEROL_CODES.has(code)) {
		if (normalized === null || MG_DL.has(normalized)) return value
		if (MMOL_L.has(normalized)) return value * CHOLESTEROL_MG_DL_PER_MMOL_L
		return null
	}
	if (code === 'triglycerides') {
		if (normalized === null || MG_DL.has(normalized)) return value
		if (MMOL_L.has(normalized)) return value * TRIGLYCERIDES_MG_DL_PER_MMOL_L
		return null
	}
	if (code === 'hba1c') {
		if (normalized === null || normalized === '%') return value
		// IFCC mmol/mol to NGSP %: the NGSP/IFCC master equation.
		if (normalized === 'mmol/mol') return 0.09148 * value + 2.152
		return null
	}
	if (code === 'systolic_bp' || code === 'diastolic_bp') {
		if (normalized === null || MMHG.has(normalized)) return value
		return null
	}
	if (code === 'bmi') {
		if (normalized === null || KG_M2.has(normalized)) return value
		return null
	}
	if (code === 'weight') return toKilograms(value, unit)
	if (code === 'height') return toMetres(value, unit)
	return value
}

export function toKilograms(value: number, unit: string | null): number | null {
	const normalized = normalizeUnit(unit)
	if (normalized === null) return null
	if (KILOGRAMS.has(normalized)) return value
	if (POUNDS.has(normalized)) return value * KILOGRAMS_PER_POUND
	return null
}

export function toMetres(value: number, unit: string | null): number | null {
	const normalized = normalizeUnit(unit)
	if (normalized === null) return null
	if (CENTIMETRES.has(normalized)) return value / 100
	if (METRES.has(normalized)) return value
	if (INCHES.has(normalized)) return value * METRES_PER_INCH
	return null
}

/** Body-mass index, kg/m2. */
export function calculateBmi(weightKg: number, heightM: number): number {
	return weightKg / (heightM * heightM)
}

/** Rounds half away from zero; toPrecision(15) first so 1.005 * 100 counts as 100.5. */
export function roundTo(value: number, decimals: number): number {
	const factor = 10 ** decimals
	const scaled = Number((Math.abs(value) * factor).toPrecision(15))
	const rounded = (Math.sign(value) * Math.round(scaled)) / factor
	return rounded === 0 ? 0 : rounded
}
