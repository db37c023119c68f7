import type { Analyte } from './analytes.ts'
import { convertValue, toUcum, withoutAnnotation } from './ucum.ts'

/** HbA1c: NGSP % and IFCC mmol/mol are related by the IFCC master equation (NGSP = 0.09148 * IFCC + 2.152), not a unit factor. */
const HBA1C_NGSP_PER_IFCC = 0.09148
const HBA1C_NGSP_OFFSET = 2.152

/** UCUM treats U and [IU] as different units; laboratories print them for the same thing (U/L and IU/L for ALT). */
export function foldInternationalUnit(ucum: string): string {
	return ucum.replaceAll('[IU]', 'U')
}

export type AnalyteUnitOptions = {
	/**
	 * 'compare' (default): two qualifiers that differ ('ug/mL{FEU}', 'ng/mL{DDU}') do not convert;
	 * 'ignore': a qualifier's annotation is set aside (a unit spelling's dimension alone)
	 */
	annotations?: 'compare' | 'ignore'
}

/**
 * The one conversion of a value into its analyte's UCUM unit: from a UCUM code (U and [IU]
 * alike; HbA1c's IFCC mmol/mol by the master equation); null when the units do not convert.
 */
export function inAnalyteUnit(analyte: Analyte, value: number, fromUcum: string | null, { annotations = 'compare' }: AnalyteUnitOptions = {}): number | null {
	if (!fromUcum || !analyte.ucum) return null
	if (analyte.code === 'hba1c' && withoutAnnotation(fromUcum) === 'mmol/mol' && analyte.ucum === '%') return HBA1C_NGSP_PER_IFCC * value + HBA1C_NGSP_OFFSET
	const unit = (code: string) => foldInternationalUnit(annotations === 'ignore' ? withoutAnnotation(code) : code)
	return convertValue(value, unit(fromUcum), unit(analyte.ucum), analyte.molarMass)
}

/**
 * A result in the analyte's UCUM unit (for joining trends): '5.5 mmol/L'
 * glucose as mg/dL, '88 umol/L' creatinine as mg/dL, '48 mmol/mol' HbA1c as
 * % (to two decimals). Null when the printed unit is unknown or does not convert.
 */
export function toAnalyteUnit(analyte: Analyte, value: number, printedUnit: string | null): number | null {
	const converted = inAnalyteUnit(analyte, value, toUcum(printedUnit))
	if (converted === null) return null
	const isIfcc = analyte.code === 'hba1c' && withoutAnnotation(toUcum(printedUnit) ?? '') === 'mmol/mol'
	return isIfcc ? Math.round(converted * 100) / 100 : converted
}
