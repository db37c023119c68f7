import { findAnalyteByCode, normaliseAnalyteName, normaliseUnitKey } from '#server/lab-vocabulary/analytes.ts'
import type { ExtractedParameter } from '../types.ts'

/**
 * A document may print several values of one analyte: the same quantity in two units
 * ('eAG (mg/dL)' and 'eAG (mmol/L)'), for two populations ('eGFR non-African American' and
 * 'eGFR African American'), of two fluids or two methods (the blood's base excess and the
 * extracellular fluid's, an actual and a measured bicarbonate). Each such printed row is kept
 * under its printed name; one of them stands for the code in trends, compare, predictions and
 * risk (decision 022, "Several values of one analyte").
 */

function nameKey(name: string): string {
	return normaliseAnalyteName(name).replace(/ /g, '')
}

/**
 * Two readings are of one printed row when they have the code and the printed name, and the
 * same unit or one of them none (a reader that missed the unit). Another name or another unit
 * is another printed row.
 */
export function isSamePrintedRow(a: ExtractedParameter, b: ExtractedParameter): boolean {
	if (a.code !== b.code || nameKey(a.name) !== nameKey(b.name)) return false
	return a.unit === null || b.unit === null || normaliseUnitKey(a.unit) === normaliseUnitKey(b.unit)
}

/**
 * The rows of a reading with repeats left out: a row read again (a summary page repeating a
 * result, two readers of one page) keeps its first reading, unless the first has no unit and
 * the later one has.
 */
export function distinctPrintedRows(parameters: ExtractedParameter[]): ExtractedParameter[] {
	const kept: ExtractedParameter[] = []
	for (const parameter of parameters) {
		const index = kept.findIndex((other) => isSamePrintedRow(other, parameter))
		if (index < 0) kept.push(parameter)
		else if (kept[index].unit === null && parameter.unit !== null) kept[index] = parameter
	}
	return kept
}

/** The row's unit is the analyte's usual one (its UCUM unit, or the first spelling the vocabulary lists). */
function isInUsualUnit(parameter: ExtractedParameter): boolean {
	const analyte = findAnalyteByCode(parameter.code)
	if (!analyte) return false
	if (analyte.ucum !== null && parameter.ucumUnit === analyte.ucum) return true
	const usual = analyte.units[0]
	if (usual === undefined) return parameter.unit === null
	return parameter.unit !== null && normaliseUnitKey(parameter.unit) === normaliseUnitKey(usual)
}

/**
 * Of the rows of one code and test date, the one that stands for the code: a row that is not
 * "to check" before one that is, then a row in the analyte's usual unit, then the first printed.
 * Every other row of that code and date is marked `alternate`: shown on the document page under
 * its printed name, counted nowhere else (server/health/counted-values.ts).
 */
export function markAlternateRows(parameters: ExtractedParameter[]): ExtractedParameter[] {
	const groups = new Map<string, number[]>()
	parameters.forEach((parameter, index) => {
		const key = `${parameter.code}\u0000${parameter.testDate ?? ''}`
		groups.set(key, [...(groups.get(key) ?? []), index])
	})
	const standing = new Set<number>()
	for (const indexes of groups.values()) {
		const score = (index: number) => Number(!parameters[index].toCheck) * 2 + Number(isInUsualUnit(parameters[index]))
		standing.add(indexes.reduce((best, index) => (score(index) > score(best) ? index : best)))
	}
	return parameters.map((parameter, index) => (standing.has(index) ? parameter : { ...parameter, alternate: true }))
}
