import {
	ANALYTES,
	gradeParameter,
	inAnalyteUnit,
	isMolarUnit,
	loincFor,
	normaliseAnalyteName,
	toAnalyteUnit,
	toUcum,
	type Analyte,
} from '#server/lab-vocabulary/index.ts'
import type { ExtractedParameter, UnmappedResult } from '#server/extraction/types.ts'

/**
 * What a printed result becomes when the patient says which analyte it is (issue 38 point 3):
 * the trend value in the analyte's unit. Pure: server/health/printed-results.ts stores it.
 *
 * - A unit that is the analyte's (its UCUM unit, U and [IU] alike, or one of the spellings the
 *   vocabulary lists for it) keeps the value and range as printed.
 * - A unit that converts (lab-vocabulary's toAnalyteUnit: mmol/L glucose to mg/dL, umol/L
 *   creatinine to mg/dL, IFCC HbA1c to %) gives the value and range in the analyte's unit.
 * - Any other unit cannot be the analyte's: refused.
 * - No unit printed: the value is kept as printed (as extraction keeps a coded row without one).
 * - Either way the value must lie in the analyte's physiological span (analytes.json
 *   `plausible`): a value that cannot be the analyte is refused rather than put in a trend.
 */

/** The printed row as extraction read it (server/extraction: UnmappedResult), without its status and date. */
export type PrintedRow = Omit<UnmappedResult, 'status' | 'testDate'>

/** The health parameter's measured columns made from it: in the analyte's unit, graded there. */
export type TrendValue = Pick<
	ExtractedParameter,
	'code' | 'loinc' | 'value' | 'valueText' | 'unit' | 'ucumUnit' | 'referenceRangeMin' | 'referenceRangeMax' | 'referenceRangeText' | 'status'
> & {
	/** the value was converted from the printed unit into the analyte's */
	isConverted: boolean
}

export type TrendValueRefusal = 'unit-incompatible' | 'value-implausible'

/** The key a printed name is remembered by: the vocabulary's own normalisation ('Zonulin ', 'ZONULIN' alike). */
export function printedNameKey(name: string): string {
	return normaliseAnalyteName(name)
}

/** The spelling the analyte's UCUM unit is shown in: the first printed spelling that means it. */
export function analyteUnitLabel(analyte: Analyte): string | null {
	if (!analyte.ucum) return analyte.units[0] ?? null
	return analyte.units.find((unit) => toUcum(unit) === analyte.ucum) ?? analyte.ucum
}

const compact = (unit: string) => unit.replace(/\s+/g, '').replace(/µ|μ/g, 'u').toLowerCase()

/** Is the printed unit one the vocabulary lists for the analyte ('10^3/uL', 'K/uL' for a white cell count)? */
function isListedSpelling(analyte: Analyte, unit: string): boolean {
	const printed = compact(unit)
	return analyte.units.some((spelling) => compact(spelling) === printed)
}

/** Does a value in this printed unit convert to (or is it already in) the analyte's unit? A missing unit fits any analyte. */
export function unitFitsAnalyte(analyte: Analyte, unit: string | null): boolean {
	if (unit === null || unit.trim() === '') return true
	return isListedSpelling(analyte, unit) || inAnalyteUnit(analyte, 1, toUcum(unit)) !== null
}

/** Does the unit convert to the analyte's as it stands (1 is 1, 0 is 0)? */
function isIdentity(analyte: Analyte, unit: string): boolean {
	const near = (a: number | null, b: number) => a !== null && Math.abs(a - b) <= 1e-9
	return near(toAnalyteUnit(analyte, 1, unit), 1) && near(toAnalyteUnit(analyte, 0, unit), 0)
}

/** Significant digits for a converted number: as many as printed, at least three. */
function roundLike(value: number, printed: string): number {
	const digits = printed
		.replace(/^[<>]=?\s*/, '')
		.replace(/^[-0.,]+/, '')
		.replace(/[^0-9]/g, '').length
	return Number(value.toPrecision(Math.min(15, Math.max(3, digits))))
}

function rangeText(min: number | null, max: number | null): string | null {
	if (min !== null && max !== null) return `${min} - ${max}`
	if (max !== null) return `< ${max}`
	if (min !== null) return `> ${min}`
	return null
}

/** The printed row as a value of `analyte` for its trend, or why it cannot be one. */
export function trendValueOf(analyte: Analyte, row: PrintedRow): { ok: true; value: TrendValue } | { ok: false; code: TrendValueRefusal } {
	const unit = row.unit?.trim() ? row.unit.trim() : null
	const printedUcum = toUcum(unit)
	const converted = unit === null ? null : toAnalyteUnit(analyte, row.value, unit)
	// in the analyte's unit already: the same UCUM unit, or a spelling the vocabulary lists that UCUM does not convert ('/hpf')
	const isAnalytesUnit = converted !== null ? isIdentity(analyte, unit!) : unit === null || isListedSpelling(analyte, unit)
	if (!isAnalytesUnit && converted === null) return { ok: false, code: 'unit-incompatible' }
	const inUnit = isAnalytesUnit ? row.value : roundLike(converted!, row.valueText)
	const [low, high] = analyte.plausible ?? [-Infinity, Infinity]
	// judged in the analyte's unit where the printed one converts; a listed spelling that does not (a count per field) as printed
	const judged = converted ?? inUnit
	if (judged < low || judged > high) return { ok: false, code: 'value-implausible' }
	const convertBound = (bound: number | null) => {
		if (bound === null || isAnalytesUnit) return bound
		const value = toAnalyteUnit(analyte, bound, unit)
		return value === null ? null : roundLike(value, String(bound))
	}
	const min = convertBound(row.referenceRangeMin)
	const max = convertBound(row.referenceRangeMax)
	const shownUnit = isAnalytesUnit ? unit : analyteUnitLabel(analyte)
	const comparator = /^[<>]=?\s*/.exec(row.valueText)?.[0].trim() ?? ''
	const shownUcum = toUcum(shownUnit)
	return {
		ok: true,
		value: {
			code: analyte.code,
			loinc: loincFor(analyte, row.name, isMolarUnit(shownUcum)),
			value: inUnit,
			valueText: isAnalytesUnit ? row.valueText : `${comparator}${inUnit}`,
			unit: shownUnit,
			ucumUnit: isAnalytesUnit ? printedUcum : shownUcum,
			referenceRangeMin: min,
			referenceRangeMax: max,
			referenceRangeText: isAnalytesUnit ? (row.referenceRangeText ?? rangeText(min, max)) : rangeText(min, max),
			status: gradeParameter({ code: analyte.code, value: inUnit, unit: shownUnit, min, max }),
			isConverted: !isAnalytesUnit,
		},
	}
}

/** The analytes a patient may choose for a row printed in `unit`: those its unit converts to (lab values, not vital signs). */
export function analytesForUnit(unit: string | null): Analyte[] {
	return ANALYTES.filter((analyte) => analyte.category !== 'vitals' && unitFitsAnalyte(analyte, unit))
}

/** Words a patient may search the list by beyond the analyte's name: its English names as reports print them. */
const SEARCH_TERMS = 8

/**
 * What the document page offers for its uncoded rows: each analyte one of them may be coded as
 * (name, unit, words to search by), and the codes each printed unit converts to.
 */
export function printedResultsState(rows: ReadonlyArray<{ unit: string | null; coded: unknown }>) {
	const codesByUnit: Record<string, string[]> = {}
	for (const row of rows) {
		const key = row.unit ?? ''
		if (row.coded || key in codesByUnit) continue
		codesByUnit[key] = analytesForUnit(row.unit).map((analyte) => analyte.code)
	}
	const offered = new Set(Object.values(codesByUnit).flat())
	const analytes = ANALYTES.filter((analyte) => offered.has(analyte.code))
		.map((analyte) => ({ code: analyte.code, name: analyte.name, unit: analyteUnitLabel(analyte), terms: analyte.aliases.slice(0, SEARCH_TERMS).join(' ') }))
		.sort((a, b) => a.name.localeCompare(b.name, 'en'))
	return { analytes, codesByUnit }
}
