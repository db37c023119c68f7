import { rangeBothSexesAgreeOn } from './sex-ranges.ts'
import { type Analyte, findAnalyteByCode, loincFor, normaliseUnitKey } from '#server/lab-vocabulary/analytes.ts'
import { restoreDecimalPoint } from './ocr-numbers.ts'
import { valueInAnalyteUnit } from '#server/lab-vocabulary/analyte-units.ts'
import { gradeParameter, statusFromFlag } from '#server/lab-vocabulary/parameter-status.ts'
import { type ReferenceRange, parseReferenceRange } from '#server/lab-vocabulary/reference-range.ts'
import { type ExtractedParameter, type ParameterStatus, type UnmappedResult } from '../types.ts'
import { isMolarUnit, toUcum, withoutAnnotation } from '#server/lab-vocabulary/ucum.ts'
import { FLAG_WITH_VALUE, FLAG_WORDS, PLAIN_NUMBER, type Token, VALUE_WITH_FLAG, VALUE_WITH_UNIT, tidyLine, tokenize } from './tokens.ts'
import { type LabParseOptions, hasColumnGaps } from './options.ts'
import { type NameMatch } from './names.ts'
import { type RangeRead, type RowReading, finishUnit, isPlausible, isWordResult, readCells, readRange } from './cells.ts'
import { analyteByUnit, differentialTwin, isConfirmedByRow } from './analyte.ts'
import { readsAsWords } from '../facts/word-likeness.ts'

/**
 * The row (the row reader's fifth stage, rows/README.md): a result row as a health parameter: its
 * value (OCR: the plausible reading, a decimal point restored), unit, range, grade and LOINC code;
 * a blood pressure's two values; a differential's share and count printed side by side; a row
 * whose name the vocabulary does not know, kept under its printed name.
 */

function gradeOrNull(
	options: LabParseOptions,
	code: string,
	value: number,
	unit: string | null,
	range: ReferenceRange | null,
	flag: string | null,
): ParameterStatus | null {
	if (!options.grade) return null
	return gradeParameter({ code, value, unit, min: range?.min ?? null, max: range?.max ?? null, stated: statusFromFlag(flag) })
}

function isNearRange(value: number, range: ReferenceRange | null): boolean {
	if (!range) return true
	const low = range.min !== null ? range.min / 4 : (range.max ?? 0) / 20
	const high = range.max !== null ? range.max * 4 : (range.min ?? 0) * 20
	return value >= low && value <= high
}

/**
 * The value of an OCR'd row: the first reading that is plausible for the
 * analyte and not wildly off its range, with a lost decimal point restored.
 */
function resolveOcrValue(candidates: string[], analyte: Analyte, unit: string | null, reading: RowReading): string | null {
	const options: string[] = []
	for (const candidate of candidates) {
		const restored = restoreDecimalPoint({
			valueText: candidate,
			rangeTexts: reading.rangeText ? [reading.rangeText] : [],
			min: reading.range?.min ?? null,
			max: reading.range?.max ?? null,
			plausible: plausibleInPrintedUnit(analyte, unit),
		})
		options.push(candidate)
		if (restored) options.push(restored)
	}
	const fits = (text: string) => isPlausible(Number(text), analyte, unit) && isNearRange(Number(text), reading.range)
	const best = options.find((text) => fits(text) && !restoredBetter(text, options, fits))
	if (best) return best
	// none plausible in the printed unit: the plausible number as printed (plausibility.ts then keeps it to check)
	return options.find((text) => isPlausible(Number(text), analyte, unit)) ?? options.find((text) => isPlausible(Number(text), analyte, null)) ?? null
}

/**
 * The analyte's physiological span in the unit the row prints (the vocabulary's is in the analyte's
 * own unit: an eosinophil count of '55 cells/uL' is 0.055 thousand per microlitre, plausible, not 55
 * thousand); the analyte's own span where the unit does not convert.
 */
function plausibleInPrintedUnit(analyte: Analyte, unit: string | null): readonly [number, number] | undefined {
	if (!analyte.plausible || unit === null) return analyte.plausible
	const inAnalyteUnit = (value: number) => valueInAnalyteUnit(analyte, { value, unit, ucumUnit: toUcum(unit) })
	// conversions are linear, or affine (HbA1c's IFCC mmol/mol): read back through two points
	const offset = inAnalyteUnit(0)
	const slope = inAnalyteUnit(1) - offset
	if (!(slope > 0)) return analyte.plausible
	return [(analyte.plausible[0] - offset) / slope, (analyte.plausible[1] - offset) / slope]
}

/** A restored reading beats the raw digits when the raw digits are far off the range. */
function restoredBetter(text: string, options: string[], fits: (text: string) => boolean): boolean {
	if (text.includes('.')) return false
	return options.some((other) => other !== text && other.replace('.', '') === text && fits(other) && Number(other) < Number(text) / 5)
}

/**
 * A differential row that prints the share and the count side by side ('Neutrophils  60 %  4.2 10^3/µL  40-70
 * 2.0-7.0', or each pair with its range: '60 %  40-70  4.2 x10^9/L  2.0-7.0'): after the row's value, a plain
 * number with one of the twin analyte's units is the twin's value. Its range is the one after it when the
 * first pair's range came before it; when the ranges all follow the second pair, the second of them (a lone
 * one there is the first pair's, and the second pair gets none). A number OCR had to repair is not taken.
 */
export function secondPairOfRow(
	tokens: Token[],
	start: number,
	first: ExtractedParameter,
	printedName: string,
	options: LabParseOptions,
): ExtractedParameter | null {
	const twin = differentialTwin(first.code)
	if (!twin) return null
	const twinUnit = (text: string | undefined): string | null => {
		if (text === undefined) return null
		const unit = finishUnit(text, twin, options.source)
		return unit !== null && twin.units.some((spelling) => normaliseUnitKey(spelling) === normaliseUnitKey(unit)) ? unit : null
	}
	const columnGaps = hasColumnGaps(options)
	let isValueSeen = false
	let second: { index: number; value: string; unit: string; flag: string | null } | null = null
	const ranges: Array<{ index: number; range: RangeRead }> = []
	for (let index = start; index < tokens.length;) {
		const text = tokens[index].text
		const range = readRange(tokens, index, options.source, isValueSeen, null, columnGaps)
		if (range) {
			ranges.push({ index, range })
			index += range.consumed
			continue
		}
		if (!isValueSeen) {
			isValueSeen = /^[<>]?[-+]?\d/.test(text) || VALUE_WITH_FLAG.test(text) || FLAG_WITH_VALUE.test(text)
			index++
			continue
		}
		if (second === null) {
			const glued = VALUE_WITH_UNIT.exec(text)
			const gluedUnit = glued ? twinUnit(glued[2]) : null
			if (glued && gluedUnit) {
				second = { index, value: glued[1], unit: gluedUnit, flag: null }
				index++
				continue
			}
			const flag = FLAG_WORDS.has(tokens[index + 1]?.text.toLowerCase() ?? '') ? tokens[index + 1].text : null
			const unit = PLAIN_NUMBER.test(text) ? twinUnit(tokens[index + (flag ? 2 : 1)]?.text) : null
			if (unit) {
				second = { index, value: text, unit, flag }
				index += flag ? 3 : 2
				continue
			}
		}
		index++
	}
	if (second === null) return null
	const after = ranges.filter((item) => item.index > second.index)
	const found = ranges.some((item) => item.index < second.index) ? after[0] : after[1]
	const flagAfter = tokens[second.index + (second.flag ? 3 : 2)]?.text
	const flag = second.flag ?? (flagAfter !== undefined && FLAG_WORDS.has(flagAfter.toLowerCase()) ? flagAfter : null)
	return parameterOf(
		twin,
		printedName || twin.name,
		Number(second.value),
		second.value,
		second.unit,
		found?.range.range ?? null,
		found?.range.text ?? null,
		flag,
		options,
	)
}

export function readParameter(
	tokens: Token[],
	start: number,
	printedName: string,
	named: NameMatch,
	nameUnit: string | null,
	options: LabParseOptions,
): ExtractedParameter | null {
	if (named.match.kind !== 'analyte') return null
	const analyte = named.match.analyte
	// a result printed in words ('NEGATIVE', 'NONE SEEN', 'DNR'): no number of the row is its value
	if (isWordResult(tokens, start)) return null
	const reading = readCells(tokens, start, options, analyte, false)
	if (named.isLoose && !isConfirmedByRow(reading, analyte)) return null
	if (reading.valueCandidates === null && reading.comparatorValue !== null) reading.valueCandidates = [reading.comparatorValue.replace(/\s+/g, '')]
	if (reading.valueCandidates === null) return null
	// the unit as read first, to judge the value's digits in (an OCR value is chosen plausible in it)
	const readUnit = finishUnit(reading.unit ?? nameUnit, analyte, options.source)
	const readAnalyte = analyteByUnit(analyte, readUnit)
	const readOwnUnit = readAnalyte === analyte ? readUnit : finishUnit(reading.unit ?? nameUnit, readAnalyte, options.source)
	const isComparison = /^[<>]/.test(reading.valueCandidates[0])
	const valueText =
		options.source === 'ocr' && !isComparison ? resolveOcrValue(reading.valueCandidates, readAnalyte, readOwnUnit, reading) : reading.valueCandidates[0]
	if (valueText === null) return null
	const value = Number(valueText.replace(/^[<>]=?/, ''))
	if (!Number.isFinite(value)) return null
	// ranges printed per sex and no sex known: graded only where both ranges give the value the same grade
	if (reading.sexRanges && !reading.range) reading.range = rangeBothSexesAgreeOn(value, reading.sexRanges)
	// then finished knowing the value (an OCR unit repaired to the one spelling that makes it plausible)
	const unit = finishUnit(reading.unit ?? nameUnit, analyte, options.source, value)
	const byUnit = analyteByUnit(analyte, unit)
	// a count where the name read a share (or the reverse): the unit repaired among the count's spellings
	const ownUnit = byUnit === analyte ? unit : finishUnit(reading.unit ?? nameUnit, byUnit, options.source, value)
	const whole = isWholeCountUnit(ownUnit) ? wholeCount(value, valueText, reading.range, reading.rangeText) : { value, range: reading.range }
	const parameter = parameterOf(byUnit, printedName || analyte.name, whole.value, valueText, ownUnit, whole.range, reading.rangeText, reading.flag, options)
	// OCR: digits read other than printed, then repaired (a decimal point restored, letters read as digits)
	const isRepaired = options.source === 'ocr' && (reading.isValueTokenRepaired === true || valueText !== reading.valueCandidates[0])
	return isRepaired ? { ...parameter, isValueRepaired: true } : parameter
}

/** A count per volume with no power of ten ('/mL', 'cells/µL', '/cu.mm'): its values are whole numbers. */
function isWholeCountUnit(unit: string | null): boolean {
	const code = toUcum(unit)
	return code !== null && /^\/(?:uL|mL|L)$/.test(withoutAnnotation(code))
}

/** Three digits after a mark, ending the number ('10.000', '25,000'). */
const THOUSANDS_GROUP = /(\d)[.,](\d{3})(?![\d.,])/g

/**
 * A whole count printed with a thousands separator the line's decimal mark did not fold
 * ('Até 10,000' on a page of decimal commas, '7.200 /cumm' on one of decimal points): three
 * digits after the mark are thousands, since a count has no decimals.
 */
function wholeCount(value: number, valueText: string, range: ReferenceRange | null, rangeText: string | null): { value: number; range: ReferenceRange | null } {
	const wholeValue = /^\d{1,3}(?:[.,]\d{3})+$/.test(valueText) ? Number(valueText.replace(/[.,]/g, '')) : value
	if (!range || rangeText === null || !rangeText.match(THOUSANDS_GROUP)) return { value: wholeValue, range }
	const reread = parseReferenceRange(rangeText.replace(THOUSANDS_GROUP, '$1$2'))
	return { value: wholeValue, range: reread ? { ...reread, text: range.text } : range }
}

/** A parameter with its LOINC code and UCUM unit, graded against its range. */
export function parameterOf(
	analyte: Analyte,
	name: string,
	value: number,
	valueText: string,
	unit: string | null,
	range: ReferenceRange | null,
	rangeText: string | null,
	flag: string | null,
	options: LabParseOptions,
): ExtractedParameter {
	const ucumUnit = toUcum(unit)
	return {
		code: analyte.code,
		loinc: loincFor(analyte, name, isMolarUnit(ucumUnit)),
		name,
		value,
		valueText,
		unit,
		ucumUnit,
		referenceRangeMin: range?.min ?? null,
		referenceRangeMax: range?.max ?? null,
		referenceRangeText: rangeText,
		status: gradeOrNull(options, analyte.code, value, unit, range, flag),
		testDate: options.testDate,
		...(flag ? { flag } : {}),
	}
}

/** 'Blood Pressure 147/84 mmHg <120/<80' gives systolic_bp and diastolic_bp. */
export function bloodPressureParameters(tokens: Token[], start: number, printedName: string, options: LabParseOptions): ExtractedParameter[] {
	const reading = readCells(tokens, start, options, null, true)
	if (!reading.bloodPressure) return []
	const unit = finishUnit(reading.unit, null, options.source)
	const bpUnit = unit && /^mm\s*h[gq9]$/i.test(unit) ? 'mmHg' : unit
	const ranges = reading.bloodPressureRange
	const make = (code: 'systolic_bp' | 'diastolic_bp', text: string, range: ReferenceRange | null): ExtractedParameter =>
		parameterOf(findAnalyteByCode(code)!, printedName, Number(text), text, bpUnit, range, range?.text ?? null, reading.flag, options)
	return [make('systolic_bp', reading.bloodPressure[0], ranges?.[0] ?? null), make('diastolic_bp', reading.bloodPressure[1], ranges?.[1] ?? null)]
}

/** An OCR row read whole (parseUnknownLabLine): words for a name, a unit UCUM knows (of two characters or more), digits as printed, a value near its range. */
function isWholeOcrRow(name: string, reading: RowReading, unit: string | null, value: number): boolean {
	if ((name.match(/\p{L}/gu) ?? []).length < 3 || !readsAsWords(name)) return false
	// a unit of one letter is more often a misread one ('F' for 'fL') than a lab's
	if (reading.isValueTokenRepaired || unit === null || unit.length < 2 || toUcum(unit) === null) return false
	const { min, max } = reading.range!
	return (min === null || min <= 0 || value >= min / 10) && (max === null || max <= 0 || value <= max * 10)
}

/** A row of a range table printed beside results (a grade, a sex, an age group: 'Optimal', 'Borderline high', 'Male'), not a result. */
const RANGE_TABLE_ROW =
	/^(?:(?:near |above |sub)?optimal|desirable|borderline(?: high| low)?|(?:very )?(?:high|low)|normal|(?:deficien|insufficien|sufficien)(?:t|cy)|toxic(?:ity)?|(?:fe)?males?|(?:wo)?men|adults?|child(?:ren)?|infants?|newborns?|pregnan(?:t|cy)|(?:1st|2nd|3rd|first|second|third) trimester|(?:low |high |average |moderate )?risk|negative|positive)$/i

/**
 * A row whose name the vocabulary does not know, read where columns are apart
 * (a text layer, or OCR text laid out from its word boxes): 'Name  value
 * [unit]  range'. Needs a value and a numeric range so that prose and headers
 * are never taken for results. From OCR it needs more, as a misread line is
 * no result: a name that reads as words, a unit UCUM knows, digits read as
 * printed and a value within ten times its range. It is reported as unmapped,
 * with its printed name and no code.
 */
export function parseUnknownLabLine(rawLine: string, options: LabParseOptions): UnmappedResult | null {
	const isOcr = options.source === 'ocr'
	if (isOcr ? !options.columnGaps : options.source !== 'text') return null
	const columns = tidyLine(rawLine, options.decimalComma).split(/\s{2,}/)
	if (columns.length < 3) return null
	const name = columns[0].trim()
	if (!/^\p{L}[\p{L}\p{M}0-9 ,()\-/%.+'#]{1,48}$/u.test(name) || name.split(' ').length > 6) return null
	if (/\b(page|dob|mrn|date|phone|tel|fax|id|patient|specimen|sample|accession|age|sex)\b/i.test(name) || RANGE_TABLE_ROW.test(name)) return null
	// the value is the first cell after the name (a flag may stand before it): a header's words ('Blood (2 ml)  TAT : 1 day') are no result
	const cells = columns.slice(1).join('  ')
	if (!/^\s*(?:(?:HH|LL|H|L|\*)\s+)?[<>≤≥]?=?\s*-?\d/.test(cells)) return null
	const reading = readCells(tokenize(cells, options.source), 0, options, null, false)
	if (reading.valueCandidates === null || !reading.range) return null
	const valueText = reading.valueCandidates[0]
	const value = Number(valueText)
	if (!Number.isFinite(value)) return null
	const unit = finishUnit(reading.unit, null, options.source)
	if (isOcr && !isWholeOcrRow(name, reading, unit, value)) return null
	return {
		name,
		value,
		valueText,
		unit,
		referenceRangeMin: reading.range.min,
		referenceRangeMax: reading.range.max,
		referenceRangeText: reading.rangeText,
		status: gradeOrNull(options, '', value, unit, reading.range, reading.flag),
		testDate: options.testDate,
	}
}
