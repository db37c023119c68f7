import { normaliseUnitKey, type Analyte } from './analytes.ts'
import { convertValue, exactUcumCode, toUcum, withoutAnnotation } from './ucum.ts'

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

/** A printed unit as UCUM: the code the file gave (C-CDA and FHIR give 'mm[Hg]', which a printed spelling never folds to), else the printed spelling's. */
export type PrintedUnit = { unit: string; ucum: string | null }

export function unitOf(unit: string, ucumUnit: string | null = null): PrintedUnit {
	return { unit, ucum: ucumUnit ?? toUcum(unit) ?? exactUcumCode(unit.trim()) }
}

function isAnalyteSpelling(analyte: Analyte, { unit, ucum }: PrintedUnit): boolean {
	const key = normaliseUnitKey(unit)
	return analyte.units.some((candidate) => normaliseUnitKey(candidate) === key || (ucum !== null && toUcum(candidate) === ucum))
}

/** A number in the analyte's UCUM unit, from the printed unit; null when they do not convert. */
export function inPrintedUnit(analyte: Analyte, value: number, { ucum }: PrintedUnit): number | null {
	return inAnalyteUnit(analyte, value, ucum)
}

/** Does a printed unit measure what the analyte is measured in? null when the unit is not understood at all. */
export function printedUnitFits(analyte: Analyte, unit: string): boolean | null {
	return unitFits(analyte, unitOf(unit))
}

/** Does the printed unit measure what the analyte is measured in? null when the unit is not understood at all. */
export function unitFits(analyte: Analyte, unit: PrintedUnit): boolean | null {
	if (isAnalyteSpelling(analyte, unit)) return true
	if (unit.ucum === null) return null
	return inPrintedUnit(analyte, 1, unit) !== null
}

/**
 * The value in the analyte's unit, for its physiological span: a count printed per microlitre
 * ('3596 cells/uL') is 3.596 thousand per microlitre. As printed when the unit is the analyte's own
 * spelling, missing, or does not convert.
 */
export function valueInAnalyteUnit(analyte: Analyte, parameter: { value: number; unit: string | null; ucumUnit: string | null }): number {
	if (parameter.unit === null || parameter.unit.trim() === '') return parameter.value
	const printed = unitOf(parameter.unit, parameter.ucumUnit)
	if (printed.ucum === null || printed.ucum === analyte.ucum) return parameter.value
	return inPrintedUnit(analyte, parameter.value, printed) ?? parameter.value
}
