import { type Analyte } from '#server/lab-vocabulary/analytes.ts'
import { ocrNumberCandidates, repairOcrNumber, restoreRangeDecimal } from './ocr-numbers.ts'
import { valueInAnalyteUnit } from '#server/lab-vocabulary/analyte-units.ts'
import { type ReferenceRange, parseBloodPressureRange, parseReferenceRange, tidyRangeText } from '#server/lab-vocabulary/reference-range.ts'
import { toUcum, unitQualifierLength } from '#server/lab-vocabulary/ucum.ts'
import { isLikelyOcrUnit, looksLikeUnit, repairOcrUnit, tidyUnit } from './units.ts'
import {
	BLOOD_PRESSURE_VALUE,
	FLAG_PHRASE,
	FLAG_WITH_VALUE,
	FLAG_WORDS,
	NOISE_WORDS,
	PLAIN_NUMBER,
	type Token,
	VALUE_WITH_FLAG,
	VALUE_WITH_UNIT,
	isJunkToken,
} from './tokens.ts'
import { type LabParseOptions, type LabTextSource, hasColumnGaps } from './options.ts'
import { readSexRanges, type SexRanges } from './sex-ranges.ts'

/**
 * Cells (the row reader's third stage, rows/README.md): after a row's name, its cells read token by
 * token in any column order: the value (OCR: with the readings its digits may have), a flag, a
 * unit with its qualifier, a reference range in one to three tokens (OCR's misread dashes and
 * decimal points repaired), a blood pressure and its ranges; results printed in words; a
 * cumulative row's columns. The analyte, when known, only judges what is plausible.
 */

export type RowReading = {
	/** readings of the value token, most likely first */
	valueCandidates: string[] | null
	/** OCR: the value token was not a plain number (letters read as digits, a stray mark before it) */
	isValueTokenRepaired?: boolean
	bloodPressure: [string, string] | null
	flag: string | null
	unit: string | null
	rangeText: string | null
	range: ReferenceRange | null
	/** a value printed as a comparison ('>90', '<0.5') */
	comparatorValue: string | null
	bloodPressureRange: [ReferenceRange, ReferenceRange] | null
	/** ranges printed per sex, when the patient's sex did not pick one (row.ts grades by both) */
	sexRanges?: SexRanges
}

export type RangeRead = { range: ReferenceRange; text: string; consumed: number }

function rangeFrom(text: string, consumed: number): RangeRead | null {
	const range = parseReferenceRange(text)
	return range ? { range, text: tidyRangeText(text), consumed } : null
}

/** OCR's versions of range punctuation: '7:56' or '7~56' for '7-56', '=<' for '<=', trailing dots. */
function repairOcrRangeText(text: string): string {
	let repaired = text.replace(/[.,;:'"°|]+$/, '').replace(/^[(]|[)]$/g, '')
	repaired = repaired.replace(/^(\d+(?:[.,]\d+)?)\s*[:~=_]\s*(\d+(?:[.,]\d+)?)$/, '$1-$2')
	repaired = repaired
		.replace(/^[<«]\s*=/, '<=')
		.replace(/^[>»]\s*=/, '>=')
		.replace(/^«/, '<')
		.replace(/^»/, '>')
	repaired = repaired.replace(/^=(?=\s*\d)/, '<')
	repaired = repaired.replace(/[^\s<>=\-.,]+/g, (part) => repairOcrNumber(part) ?? part)
	const between = /^(\d+\.\d+)\s*-\s*(\d+)$/.exec(repaired)
	if (between) {
		const restored = restoreRangeDecimal(between[1], between[2])
		if (restored) repaired = `${between[1]}-${restored}`
	}
	return repaired
}

/** Tries to read a range from up to three tokens at index. */
export function readRange(
	tokens: Token[],
	index: number,
	source: LabTextSource,
	hasValue: boolean,
	analyte: Analyte | null,
	columnGaps = source === 'text',
): RangeRead | null {
	const found = readRangeTokens(tokens, index, source, hasValue, columnGaps)
	if (!found || source !== 'ocr' || !analyte?.plausible) return found
	return plausibleRange(found, analyte, analyte.plausible)
}

/**
 * OCR: a range bound beyond anything plausible for the analyte ('2-120' for
 * a percentage whose '12' gained a digit) loses its extra last digit; not one
 * plausible in another of the analyte's units (a count per microlitre, '1500-8000').
 */
function plausibleRange(found: RangeRead, analyte: Analyte, plausible: readonly [number, number]): RangeRead | null {
	const { min, max } = found.range
	if (max === null || max <= plausible[1]) return found
	if (analyte.units.some((unit) => isPlausible(max, analyte, unit))) return found
	const text = String(max)
	if (text.length < 2 || text.includes('.')) return null
	const shorter = Number(text.slice(0, -1))
	if (min !== null && shorter <= min) return null
	return { ...found, range: { ...found.range, max: shorter }, text: found.text.replace(new RegExp(`${text}$`), String(shorter)) }
}

function readRangeTokens(tokens: Token[], index: number, source: LabTextSource, hasValue: boolean, columnGaps: boolean): RangeRead | null {
	if (source === 'ocr' && index + 1 < tokens.length) {
		// '3:5 5.3': a misread decimal point in the lower bound, the dash lost
		const decimalColon = /^(\d+)[:;](\d+)$/.exec(tokens[index].text)
		const second = tokens[index + 1].text.replace(/[.,;:'"°|]+$/, '')
		if (decimalColon && PLAIN_NUMBER.test(second)) {
			const found = rangeFrom(repairOcrRangeText(`${decimalColon[1]}.${decimalColon[2]}-${second}`), 2)
			if (found) return found
		}
	}
	// before the value, '1:23' is a value with a misread mark, not a range
	if (source === 'ocr' && !hasValue && /^\d+[:;~=_]\d+$/.test(tokens[index].text)) return null
	for (let count = 3; count >= 1; count--) {
		if (index + count > tokens.length) continue
		// OCR's word boxes may leave a wider gap on either side of a range's dash ('4.5 -  11')
		const isSpacedOcrDash =
			source === 'ocr' && count === 3 && /^[-–]$/.test(tokens[index + 1].text) && tokens.slice(index + 1, index + 3).every((token) => token.gapBefore <= 3)
		if (columnGaps && !isSpacedOcrDash && tokens.slice(index + 1, index + count).some((token) => token.gapBefore >= 2)) continue
		// a unit after the range is the row's unit, not part of the range
		if (count > 1 && looksLikeUnit(tokens[index + count - 1].text)) continue
		let text = tokens
			.slice(index, index + count)
			.map((token) => token.text)
			.join(' ')
		if (source === 'ocr') text = repairOcrRangeText(text)
		const found = rangeFrom(text, count)
		// after the value, a number left in the range's own cell ('Ate1 5.000'): the cell is not a range read whole;
		// a number that opens the next range ('40 - 75  1.8 - 7.7', a share's and a count's) is not left over
		const after = tokens[index + count]
		const isNextRange = /^[-–]/.test(tokens[index + count + 1]?.text ?? '')
		if (found && columnGaps && hasValue && after !== undefined && after.gapBefore < 2 && PLAIN_NUMBER.test(after.text) && !isNextRange) return null
		if (found) return found
	}
	if (source !== 'ocr' || !hasValue || index + 1 >= tokens.length) return null
	const first = tokens[index].text
	const second = tokens[index + 1].text.replace(/[.,;:'"°|]+$/, '')
	// '13.5°< 17.5' or '80 100': the dash misread or lost between two numbers
	const low = /^(\d+(?:\.\d+)?)[^\d\s]{0,3}$/.exec(first)
	const high = /^[^\d\s<>]{0,2}(\d+(?:\.\d+)?)$/.exec(second)
	if (low && high && Number(low[1]) < Number(high[1])) {
		const text = repairOcrRangeText(`${low[1]}-${high[1]}`)
		return rangeFrom(text, 2)
	}
	return null
}

function numberCandidates(text: string, source: LabTextSource): string[] | null {
	if (PLAIN_NUMBER.test(text)) return [text]
	if (source !== 'ocr') return null
	// a lone zero read as a round mark by an engine that knows CJK text (PaddleOCR: '。', '○', '〇')
	if (/^[。○〇]$/.test(text)) return ['0']
	const candidates = ocrNumberCandidates(text)
	return candidates.length > 0 ? candidates : null
}

/** What a cell reader sees: the row's tokens, where it stands, and the row as read so far. */
type CellContext = {
	tokens: Token[]
	index: number
	reading: RowReading
	options: LabParseOptions
	analyte: Analyte | null
	isBloodPressure: boolean
}

/** A reader of one kind of cell: how many tokens it took (0: not this kind), the row's reading updated. */
type CellReader = (context: CellContext) => number

const hasValue = (reading: RowReading) => reading.valueCandidates !== null || reading.bloodPressure !== null

/** 'above range', 'within range', 'out of range': a flag in two words. */
const flagPhrase: CellReader = ({ tokens, index, reading }) => {
	const next = tokens[index + 1]?.text
	if (next === undefined || !FLAG_PHRASE.test(`${tokens[index].text} ${next}`)) return 0
	reading.flag ??= `${tokens[index].text} ${next}`
	return 2
}

/** A blood pressure's value ('147/84') and its ranges ('<120/<80'). */
const bloodPressureCell: CellReader = ({ tokens, index, reading, options, isBloodPressure }) => {
	if (!isBloodPressure) return 0
	const text = tokens[index].text
	const bpRange = parseBloodPressureRange(options.source === 'ocr' ? text.replace(/[.,;:'"°|]+$/, '') : text)
	if (bpRange && /[<>]|\d-\d/.test(text)) {
		reading.bloodPressureRange ??= bpRange
		reading.rangeText ??= text
		return 1
	}
	const bp = BLOOD_PRESSURE_VALUE.exec(text)
	if (bp && !reading.bloodPressure) {
		reading.bloodPressure = [bp[1], bp[2]]
		return 1
	}
	return 0
}

/** A value with its flag glued on, after it ('12.5H') or before it ('L2.5', '↑12'). */
const valueWithItsFlag: CellReader = ({ tokens, index, reading, isBloodPressure }) => {
	if (hasValue(reading) || isBloodPressure) return 0
	const text = tokens[index].text
	const withFlag = VALUE_WITH_FLAG.exec(text)
	const flagFirst = withFlag ? null : FLAG_WITH_VALUE.exec(text)
	if (!withFlag && !flagFirst) return 0
	reading.valueCandidates = [withFlag ? withFlag[1] : flagFirst![2]]
	reading.flag ??= withFlag ? withFlag[2] : flagFirst![1]
	return 1
}

/** A reference range; two comparisons before any plain number: the first is the value ('eGFR  >90  mL/min  >59'). */
/**
 * Ranges printed per sex ('M: 13.0-17.0  F: 12.0-15.5', sex-ranges.ts): the patient's sex picks one;
 * without it both are kept for row.ts, and the cell's text is the range text shown.
 */
const sexSplitRangeCell: CellReader = ({ tokens, index, reading, options, analyte }) => {
	if (reading.range || reading.sexRanges) return 0
	const found = readSexRanges(tokens, index, (local, at) => readRange(local, at, options.source, true, analyte, hasColumnGaps(options)))
	if (!found) return 0
	const { ranges } = found
	if (options.patientSex) {
		reading.range = ranges[options.patientSex]
		reading.rangeText = ranges[options.patientSex].text
	} else {
		reading.sexRanges = ranges
		reading.rangeText = ranges.text
	}
	return found.consumed
}

const rangeCell: CellReader = ({ tokens, index, reading, options, analyte, isBloodPressure }) => {
	const range = readRange(tokens, index, options.source, hasValue(reading), analyte, hasColumnGaps(options))
	if (!range) return 0
	if (!reading.range) {
		reading.range = range.range
		reading.rangeText = range.text
	} else if (!hasValue(reading) && !isBloodPressure && reading.comparatorValue === null && /^[<>]/.test(reading.rangeText ?? '')) {
		reading.comparatorValue = reading.rangeText
		reading.range = range.range
		reading.rangeText = range.text
	}
	return range.consumed
}

/** A value with a sign, where the analyte has negative values (base excess '-3.5'). */
const signedValue: CellReader = ({ tokens, index, reading, analyte }) => {
	const text = tokens[index].text
	if (hasValue(reading) || !analyte?.plausible || analyte.plausible[0] >= 0 || !/^[-+]\d+(?:\.\d+)?$/.test(text)) return 0
	reading.valueCandidates = [text.replace(/^\+/, '')]
	return 1
}

/**
 * A text layer's whole number with a leading zero closing the row is the performing laboratory's code, not a
 * result: 'KETONES  NEGATIVE  NEGATIVE  01' (a result with a leading zero has its unit or range after it: 'EOS  03  %').
 */
const laboratoryCode: CellReader = ({ tokens, index, options }) =>
	options.source !== 'ocr' && index === tokens.length - 1 && /^0\d+$/.test(tokens[index].text) ? 1 : 0

/** The value: a number (OCR: the readings its digits may have), or a number with its unit glued on ('5.2mmol/L'). */
const valueCell: CellReader = ({ tokens, index, reading, options, analyte, isBloodPressure }) => {
	// a row whose range and unit came before any number ('WBC  NONE SEEN  <= 5 /HPF  01'): a number after them sits in a code column
	const isAfterRangeAndUnit = reading.range !== null && reading.unit !== null && hasColumnGaps(options)
	if (hasValue(reading) || isBloodPressure || isAfterRangeAndUnit) return 0
	const isOcr = options.source === 'ocr'
	const text = tokens[index].text
	const next = tokens[index + 1]?.text
	const candidates = numberCandidates(text, options.source)
	if (candidates) {
		reading.valueCandidates = candidates
		reading.isValueTokenRepaired = !PLAIN_NUMBER.test(text)
		// OCR: a stray mark read as a digit before the value ('Weight 2 168.9 lb')
		if (isOcr && text.length === 1 && next !== undefined && PLAIN_NUMBER.test(next) && next.length >= 2) {
			reading.valueCandidates = [next]
			reading.isValueTokenRepaired = true
			return 2
		}
		return 1
	}
	const withUnit = VALUE_WITH_UNIT.exec(text)
	if (!withUnit || !(looksLikeUnit(withUnit[2]) || (isOcr && isLikelyOcrUnit(withUnit[2], analyte)))) return 0
	reading.valueCandidates = [withUnit[1]]
	if (reading.unit !== null) return 1
	const qualified = withQualifier(withUnit[2], tokens, index + 1, options)
	reading.unit = qualified.unit
	return 1 + qualified.consumed
}

/** A flag word ('H', 'High', '*'); 'C' is a unit where the analyte is measured in degrees Celsius. */
const flagCell: CellReader = ({ tokens, index, reading, analyte }) => {
	const text = tokens[index].text
	const lower = text.toLowerCase()
	if (!FLAG_WORDS.has(lower) || (lower === 'c' && analyte?.units.includes('C'))) return 0
	reading.flag ??= text
	return 1
}

/** Words such as 'Final', stray marks, a lone dash (no range): read past. */
const noiseCell: CellReader = ({ tokens, index }) => {
	const text = tokens[index].text
	return NOISE_WORDS.has(text.toLowerCase()) || isJunkToken(text) || text === '-' || text === '—' ? 1 : 0
}

/** OCR: a unit split in two ('1073 /uL'). */
const splitOcrUnit: CellReader = ({ tokens, index, reading, options }) => {
	const next = tokens[index + 1]?.text
	if (options.source !== 'ocr' || reading.unit !== null || !hasValue(reading) || !next?.startsWith('/') || !/^x?[1l]0\S{0,3}$/i.test(tokens[index].text))
		return 0
	reading.unit = `${tokens[index].text}${next}`
	return 2
}

/** The unit with its qualifier ('ug/mL FEU'); a footnote mark against it ('tys/µl*': an age-specific range) is not part of it. */
const unitCell: CellReader = ({ tokens, index, reading, options, analyte }) => {
	const unitText = tokens[index].text.replace(/(?<=[^\s*])\*{1,2}$/, '')
	const isUnit = looksLikeUnit(unitText) || (options.source === 'ocr' && hasValue(reading) && isLikelyOcrUnit(unitText, analyte))
	if (reading.unit !== null || !isUnit) return 0
	const qualified = withQualifier(unitText, tokens, index + 1, options)
	reading.unit = qualified.unit
	return 1 + qualified.consumed
}

/** The cell readers, in the order they are asked of each token; a token none reads is passed over. */
const CELL_READERS: readonly CellReader[] = [
	flagPhrase,
	bloodPressureCell,
	valueWithItsFlag,
	sexSplitRangeCell,
	rangeCell,
	signedValue,
	laboratoryCode,
	valueCell,
	flagCell,
	noiseCell,
	splitOcrUnit,
	unitCell,
]

/** A row's cells after its name (from `start`), read token by token in any column order. */
export function readCells(tokens: Token[], start: number, options: LabParseOptions, analyte: Analyte | null, isBloodPressure: boolean): RowReading {
	const reading: RowReading = {
		valueCandidates: null,
		bloodPressure: null,
		flag: null,
		unit: null,
		rangeText: null,
		range: null,
		comparatorValue: null,
		bloodPressureRange: null,
	}
	for (let index = start; index < tokens.length;) {
		const context: CellContext = { tokens, index, reading, options, analyte, isBloodPressure }
		let consumed = 0
		for (const read of CELL_READERS) {
			consumed = read(context)
			if (consumed > 0) break
		}
		index += consumed > 0 ? consumed : 1
	}
	return reading
}

/** The unit with the qualifier printed after it in its cell ('ug/mL FEU', '% of total Hgb', 'mg/L as CaCO3'), and how many tokens that took. */
function withQualifier(unit: string, tokens: Token[], index: number, options: LabParseOptions): { unit: string; consumed: number } {
	const cell: string[] = []
	for (let next = index; next < tokens.length && cell.length < 4; next++) {
		if (hasColumnGaps(options) && tokens[next].gapBefore >= 2) break
		cell.push(tokens[next].text)
	}
	const count = unitQualifierLength(cell)
	return count === 0 ? { unit, consumed: 0 } : { unit: `${unit} ${cell.slice(0, count).join(' ')}`, consumed: count }
}

export function finishUnit(unit: string | null, analyte: Analyte | null, source: LabTextSource, value: number | null = null): string | null {
	if (unit === null) return null
	return source === 'ocr' ? repairOcrUnit(unit, analyte, value) : tidyUnit(unit)
}

/** Within the analyte's physiological span, judged in its own unit ('9261 /uL' is 9.261 thousand per microlitre). */
export function isPlausible(value: number, analyte: Analyte, unit: string | null): boolean {
	if (!analyte.plausible) return true
	const inUnit = valueInAnalyteUnit(analyte, { value, unit, ucumUnit: toUcum(unit) })
	return inUnit >= analyte.plausible[0] && inUnit <= analyte.plausible[1]
}

/**
 * A cumulative row ('RBC  4.90  5.20  5.17 H  x10^6/uL  4.50 - 5.90'): the
 * value of the newest date column, with its flag, and the rest of the row;
 * null when the row prints more values than the header has dates (no guess).
 */
export function newestColumnOnly(tokens: Token[], start: number, columns: { count: number; newest: number }): Token[] | null {
	const { values, index } = resultCells(tokens, start, columns.count)
	if (values.length !== columns.count) return tokens
	// more value columns than the header has dates (a date OCR did not read): which one is newest is not known
	const after = tokens[index]?.text ?? ''
	if ((PLAIN_NUMBER.test(after) || VALUE_WITH_FLAG.test(after)) && !/^[-–]/.test(tokens[index + 1]?.text ?? '')) return null
	const keep = values[columns.newest]
	const dropped = new Set(values.flatMap((value) => (value === keep ? [] : [value.index, ...(value.flag === null ? [] : [value.flag])])))
	return tokens.filter((_, position) => !dropped.has(position))
}

/** The result cells that open a cumulative row (a number, with its flag after it), at most `count`, and the index after them. */
function resultCells(tokens: Token[], start: number, count: number): { values: Array<{ index: number; flag: number | null }>; index: number } {
	const values: Array<{ index: number; flag: number | null }> = []
	let index = start
	while (index < tokens.length && values.length < count) {
		const text = tokens[index].text
		const next = tokens[index + 1]?.text
		if ((PLAIN_NUMBER.test(text) || VALUE_WITH_FLAG.test(text)) && next !== '-' && next !== '–') {
			values.push({ index, flag: null })
			index++
			continue
		}
		if (values.length > 0 && FLAG_WORDS.has(text.toLowerCase()) && values[values.length - 1].flag === null) {
			values[values.length - 1].flag = index
			index++
			continue
		}
		break
	}
	return { values, index }
}

/**
 * An OCR row of a cumulative table whose newest date is not its first column, with more than one
 * result but fewer than the header has dates: a column OCR did not read (a faint one), so the first
 * value read may be an older one. A row showing one result is read as it is.
 */
export function isNewestColumnUnread(tokens: Token[], start: number, columns: { count: number; newest: number }): boolean {
	const { values } = resultCells(tokens, start, columns.count)
	// one result shown is no choice between results (a header's two dates over a single result column)
	return columns.newest > 0 && values.length > 1 && values.length < columns.count
}

/**
 * An OCR row that prints three results or more side by side, each in its own column, before its
 * unit and range ('RBC   5.70   4.67   5.30   M/uL   4.50-5.90'): a cumulative report whose header
 * dates OCR did not read. Which column is the newest is not known, so the value read (the first)
 * may be an older one; and two of the numbers must not be taken for a range whose dash was lost.
 */
export function hasSeveralResultColumns(tokens: Token[], start: number): boolean {
	let results = 0
	let index = start
	for (; index < tokens.length; index++) {
		const { text, gapBefore } = tokens[index]
		if (FLAG_WORDS.has(text.toLowerCase())) continue
		if (!PLAIN_NUMBER.test(text.replace(/[*]+$/, ''))) break
		if (results > 0 && gapBefore < 2) return false
		results++
	}
	if (results < 3) return false
	// a printed range further on: the numbers before it are results, not a range of two columns
	return tokens.slice(index).some((token, offset, rest) => opensPrintedRange(token.text, rest[offset - 1]?.text))
}

/** A token of a printed range: '4.50-5.90', a comparison sign ('<', '>='), or a dash after a number. */
function opensPrintedRange(text: string, previous: string | undefined): boolean {
	return /^[<>≤≥]?\d+(?:[.,]\d+)?\s?[-–]\s?\d/.test(text) || /^[<>≤≥]=?$/.test(text) || (/^[-–]$/.test(text) && previous !== undefined && /\d/.test(previous))
}

/**
 * Results printed in words, in the languages of the vocabulary: a row whose result is one of
 * these has no numeric value, and a number further along (its range, a performing-lab code) is
 * never taken for one.
 */
const WORD_RESULTS = new Set(
	[
		'negative',
		'positive',
		'none',
		'none seen',
		'not seen',
		'not detected',
		'non reactive',
		'nonreactive',
		'reactive',
		'not applicable',
		'not done',
		'nil',
		'absent',
		'present',
		'trace',
		'dnr',
		'tnp',
		'qns',
		'see note',
		'see comment',
		'negativ',
		'positiv',
		'nicht nachweisbar',
		'negatif',
		'positif',
		'absence',
		'negativo',
		'negativa',
		'positivo',
		'positiva',
		'ausente',
		'ausencia',
		'assente',
		'assenti',
		'pozitif',
		'yok',
		'ujemny',
		'dodatni',
		'nie wykryto',
		'brak',
	].map((words) => words.replace(/\s+/g, ' ')),
)

export function isWordResult(tokens: Token[], start: number): boolean {
	const word = (index: number) => (tokens[index]?.text ?? '').toLowerCase().replace(/[.,;:]+$/, '')
	return WORD_RESULTS.has(word(start)) || WORD_RESULTS.has(`${word(start)} ${word(start + 1)}`)
}
