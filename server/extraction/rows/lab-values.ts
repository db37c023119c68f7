import {
	findAnalyteByCode,
	loincFor,
	lookupAbbreviatedName,
	lookupAnalyteName,
	lookupAnalyteNameApproximately,
	lookupAnalyteNameLoosely,
	MAX_ALIAS_WORDS,
	normaliseUnitKey,
	type Analyte,
	type AnalyteMatch,
} from '#server/lab-vocabulary/analytes.ts'
import { ocrNumberCandidates, repairOcrNumber, restoreDecimalPoint, restoreRangeDecimal } from './ocr-numbers.ts'
import { gradeParameter, statusFromFlag } from '#server/lab-vocabulary/parameter-status.ts'
import { printedUnitFits, valueInAnalyteUnit } from '../checks/plausibility.ts'
import { parseBloodPressureRange, parseReferenceRange, tidyRangeText, type ReferenceRange } from '#server/lab-vocabulary/reference-range.ts'
import type { ExtractedParameter, ParameterStatus, UnmappedResult } from '../types.ts'
import { findDates } from '../facts/document-date.ts'
import { isMolarUnit, isSameUnit, toUcum, unitQualifierLength, withoutAnnotation } from '#server/lab-vocabulary/ucum.ts'
import type { Box } from '../pages/word-boxes.ts'
import { readTables, rowLines } from './table-reader.ts'
import { isSamePrintedRow } from './same-analyte.ts'
import { isLikelyOcrUnit, isRepairableOcrUnit, looksLikeUnit, repairOcrUnit, tidyUnit } from './units.ts'

/**
 * Result rows of lab reports (and vital signs of clinical notes) as health
 * parameters. A row is found by its name (the analyte catalogue's aliases);
 * the rest of the row is read token by token, in any column order: a value,
 * a flag, a unit, a reference range, words such as 'Final'. Text from OCR
 * gets repairs for the usual misreadings (letters for digits, lost decimal
 * points and dashes, stray marks between columns).
 */

export type LabTextSource = 'text' | 'ocr'

export type LabParseOptions = {
	/** 'ocr' turns on the repairs for misread digits, ranges and units */
	source: LabTextSource
	/** the specimen collection date, set on every parameter */
	testDate: string | null
	/** grade by the one rule (parameter-status.ts); false only where the status is not wanted (an OCR page's scoring) */
	grade: boolean
	/** the document writes decimal commas ('5,9'; '25.000' is twenty-five thousand) */
	decimalComma?: boolean
	/**
	 * gaps of two spaces or more are column breaks (a name or range never spans one); default: only
	 * for 'text'. OCR text laid out from word boxes (`layoutOcrWords`) has them too.
	 */
	columnGaps?: boolean
	/** a cumulative report: each row holds `count` values, one per date column; the newest is `newest` (0-based) */
	dateColumns?: { count: number; newest: number }
}

type Token = { text: string; gapBefore: number }

const FLAG_WORDS = new Set([
	'h',
	'l',
	'hh',
	'll',
	'high',
	'low',
	'a',
	'abn',
	'abnormal',
	'crit',
	'critical',
	'c',
	'*',
	'**',
	'!',
	'hi',
	'lo',
	'n',
	'normal',
	'panic',
	'h+',
	'h++',
	'l-',
	'l--',
	'h*',
	'l*',
	'p',
	'↑',
	'↓',
])
const FLAG_PHRASE = /^(?:above|below|in|within|out\s+of)\s+range$/i
const NOISE_WORDS = new Set(['final', 'prelim', 'preliminary', 'corrected', 'amended', 'pending', 'result', 'results'])
const VALUE_WITH_FLAG = /^(\d+(?:\.\d+)?)(HH|LL|H|L|A|\*{1,2})$/
/**
 * A flag printed against the front of its value ('L2.5', 'H10.9', 'L-1.6', 'H+99.4', 'P3.5' for a panic
 * value, '↑12'): capital H, L or P, never read as a digit, with the marks that strengthen it.
 */
const FLAG_WITH_VALUE = /^((?:HH|LL|H|L|P)(?:\+{1,2}|\*{1,2}|!)?|[↑↓])(-?\d+(?:\.\d+)?)\**$/
const VALUE_WITH_UNIT = /^(\d+(?:\.\d+)?)(%|[a-zA-Z°µ][a-zA-Z0-9/^°µ.²]*)$/
const PLAIN_NUMBER = /^\d+(?:\.\d+)?$/
const BLOOD_PRESSURE_VALUE = /^(\d{2,3})\/(\d{2,3})$/

const UNSPACED_NAME_WITH_BRACKET = /^([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+)(\([^()]+\).*)$/u

function tokenize(line: string, source: LabTextSource): Token[] {
	const tokens: Token[] = []
	const regex = /(\s*)(\S+)/g
	for (let m = regex.exec(line); m; m = regex.exec(line)) {
		// an abbreviation with its percent or count sign glued on ('NEU%', 'LYM#'): the name, then the sign
		const glued = /^(\p{L}{3,})([%#])$/u.exec(m[2])
		// a name in a script written without spaces with its qualifier in brackets ('红细胞(镜检)'): the name, then the bracket
		const bracketed = glued ? null : UNSPACED_NAME_WITH_BRACKET.exec(m[2])
		if (glued) tokens.push({ text: glued[1], gapBefore: m[1].length }, { text: glued[2], gapBefore: 1 })
		else if (bracketed) tokens.push({ text: bracketed[1], gapBefore: m[1].length }, { text: bracketed[2], gapBefore: 1 })
		// a name and its qualifiers joined by commas ('D,25-OH,TOTAL,IA'): one word each, the comma kept
		else if (/^\p{L}[^,\s]*,(?:[^,\s]+,)*[^,\s]*\p{L}[^,\s]*$/u.test(m[2]) && /\p{L},/u.test(m[2])) {
			m[2].split(/(?<=,)/).forEach((part, index) => tokens.push({ text: part, gapBefore: index === 0 ? m![1].length : 1 }))
		} else tokens.push({ text: m[2], gapBefore: m[1].length })
	}
	return joinSpacedUnits(tokens, source)
}

const UNIT_PART = /^[a-zA-Zµμ%][a-zA-Z0-9µμ.%²³]*$/

/** A unit printed with spaces around its slash ('mg / dl', 'U / L', 'mmol/ L') as one token. */
function joinSpacedUnits(tokens: Token[], source: LabTextSource): Token[] {
	const joined: Token[] = []
	for (let i = 0; i < tokens.length; i++) {
		const [a, b, c] = [tokens[i], tokens[i + 1], tokens[i + 2]]
		if (b && c && UNIT_PART.test(a.text) && b.text === '/' && UNIT_PART.test(c.text) && b.gapBefore < 2 && c.gapBefore < 2 && toUcum(`${a.text}/${c.text}`)) {
			joined.push({ text: `${a.text}/${c.text}`, gapBefore: a.gapBefore })
			i += 2
			continue
		}
		if (
			b &&
			b.gapBefore < 2 &&
			((a.text.endsWith('/') && UNIT_PART.test(a.text.slice(0, -1)) && UNIT_PART.test(b.text)) || (UNIT_PART.test(a.text) && /^\/[a-zA-Zµμ]/.test(b.text))) &&
			(toUcum(a.text + b.text) || (source === 'ocr' && isRepairableOcrUnit(a.text + b.text)))
		) {
			joined.push({ text: a.text + b.text, gapBefore: a.gapBefore })
			i += 1
			continue
		}
		joined.push(a)
	}
	return joined
}

/** Punctuation and stray marks OCR leaves between columns (a lone dash is kept: it means 'no range'). */
function isJunkToken(text: string): boolean {
	return text !== '-' && text !== '—' && text !== '*' && /^[|:;.,'"`~_=+\-—–‘’“”»«(){}[\]\\/*•·°^]+$/.test(text)
}

function tidyLine(line: string, decimalComma = false): string {
	return normaliseNumbers(
		line
			.replace(/[\u2010-\u2015\u2212]/g, (dash) => (dash === '\u2014' ? '—' : '-'))
			.replace(/[\u00a0\u3000]/g, ' ')
			// full-width forms (Chinese and Japanese reports: '（镜检）', '１．０２０', '：') as ASCII
			.replace(/[\uff01-\uff5e]/g, (character) => String.fromCharCode(character.charCodeAt(0) - 0xfee0))
			// '< OR = 20', '> or = 60': one comparison
			.replace(/([<>])\s*or\s*=\s*/gi, '$1=')
			// a footnote or accreditation mark before the name ('{#} MPV', '(*) Glucose', '† Ferritin')
			.replace(/^\s*[[{(]?\s*[#*@©†‡§¶]{1,2}\s*[\]})]?\s*(?=\p{L})/u, '')
			.replace(/^[\s|:;.,'"`~_=+*•·»«>{}[\]\\-]+/, ''),
		decimalComma,
	)
}

/**
 * Numbers as plain decimals: thousands separators dropped ('5,100',
 * '150,000'; '25.000' where commas are decimal), decimal commas turned
 * into points where the document writes them ('5,9').
 */
export function normaliseNumbers(line: string, decimalComma: boolean): string {
	if (decimalComma) {
		return line
			.replace(/(?<![\d.,])(\d{1,3})((?:\.\d{3})+)(?![\d.,]*\d)/g, (_, head: string, groups: string) => head + groups.replace(/\./g, ''))
			.replace(/(?<=\d),(?=\d)/g, '.')
	}
	return line.replace(/(?<![\d.,])(\d{1,3})((?:,\d{3})+)(?![\d,]*\d)(?!\.\d*,)/g, (_, head: string, groups: string) => head + groups.replace(/,/g, ''))
}

/** Does the text write decimal commas ('5,9', '13,5 - 17,5') more often than decimal points? */
export function writesDecimalCommas(text: string): boolean {
	const commas = text.match(/(?<![\d.,])\d{1,3},\d{1,2}(?![\d,.])/g)?.length ?? 0
	const points = text.match(/(?<![\d.,])\d{1,3}\.\d{1,2}(?![\d,.])/g)?.length ?? 0
	return commas > points
}

/** OCR misreadings inside analyte names ('Alc' for 'A1c', 'C02' for 'CO2'). */
function fixOcrName(name: string): string {
	return name
		.replace(/\b(Hb)?A[lI|i]c\b/gi, '$1A1c')
		.replace(/\bC0(?=2\b)/g, 'CO')
		.replace(/\bSp0(?=2\b)/gi, 'SpO')
		.replace(/\b[Il1]DL\b/g, 'LDL')
		.replace(/\bHD[Il1]\b/g, 'HDL')
		.replace(/(?<=[a-z])1(?=[a-z])/g, 'l')
		.replace(/(?<=[a-z])0(?=[a-z])/g, 'o')
}

function hasColumnGaps(options: LabParseOptions): boolean {
	return options.columnGaps ?? options.source === 'text'
}

/** isLoose: an OCR name matched loosely, kept only when value, range and unit confirm it */
type NameMatch = { match: AnalyteMatch; consumed: number; isLoose?: boolean }

/** The analyte named at the start of the row, the longest alias winning. */
function matchName(tokens: Token[], source: LabTextSource, columnGaps = source === 'text'): NameMatch | null {
	const limit = Math.min(tokens.length, MAX_ALIAS_WORDS + 3)
	for (let count = limit; count >= 1; count--) {
		if (columnGaps && tokens.slice(1, count).some((token) => token.gapBefore >= 2)) continue
		const words = tokens.slice(0, count).map((token) => token.text)
		const last = words[words.length - 1]
		if (/\d/.test(last) && !/[a-z]/i.test(last)) continue
		// a unit printed in brackets after the name ('LDL-C (mg/dL)') is the row's unit, not part of its name
		if (count > 1 && isBracketedUnit(last)) continue
		const candidate = words.join(' ')
		const match = lookupAnalyteName(candidate) ?? (source === 'ocr' ? lookupAnalyteName(fixOcrName(candidate)) : null)
		if (match) return { match, consumed: count }
	}
	if (source !== 'ocr') return null
	// OCR: a name with a letter or two misread ('Cabo Dioxide')
	for (let count = limit; count >= 1; count--) {
		const words = tokens.slice(0, count).map((token) => token.text)
		if (words.some((word) => /\d/.test(word) && !/[a-z]/i.test(word))) continue
		const match = lookupAnalyteNameApproximately(fixOcrName(words.join(' ')))
		if (match) return { match, consumed: count }
	}
	for (let count = limit; count >= 1; count--) {
		const words = tokens.slice(0, count).map((token) => token.text)
		if (words.some((word) => /\d/.test(word))) continue
		const match = lookupAnalyteNameLoosely(fixOcrName(words.join(' ')))
		if (match) return { match, consumed: count, isLoose: true }
	}
	return null
}

/** A unit in brackets, as a token: '(mg/dL)', '(%),'. */
function isBracketedUnit(text: string): boolean {
	const inner = /^\(([^()]+)\)[,:]?$/.exec(text)
	return inner !== null && looksLikeUnit(inner[1])
}

/**
 * After the name: words that qualify it ('Fasting', 'Calc', '(calculated)',
 * ', 25-OH, TOTAL') up to the first token that may be a value.
 */
function skipNameQualifiers(tokens: Token[], start: number, columnGaps: boolean): { index: number; unit: string | null } {
	let index = start
	let depth = 0
	let unit: string | null = null
	for (let guard = 0; index < tokens.length && guard < 8; guard++) {
		const text = tokens[index].text
		if (columnGaps && depth === 0 && tokens[index].gapBefore >= 2) break
		// a bracket the name's cell wrapped before closing ('Width (R.D.W.-' over 'CV)') ends at the value's column
		if (columnGaps && depth > 0 && tokens[index].gapBefore >= 2 && /^[<>]?\d/.test(text)) break
		// a bracket opened at the start or inside a word ('(calculated)', 'Orani(LYM%)')
		if (text.startsWith('(') || (depth === 0 && /^\p{L}[^()]*\(/u.test(text))) depth++
		if (depth > 0) {
			// a unit printed inside the name: 'Glucose (mg/dL)'
			if (isBracketedUnit(text)) unit = text.slice(1, text.lastIndexOf(')'))
			if (text.includes(')')) depth = 0
			index++
			continue
		}
		// a label ending at its colon ('Glucose Level: 92 mg/dL'): the word is the name's, and the name ends there
		if (/^\p{L}[\p{L}\-.']*:$/u.test(text) && !FLAG_WORDS.has(text.slice(0, -1).toLowerCase())) {
			index++
			break
		}
		const isWord = /^[A-Za-z][A-Za-z,\-.']*$/.test(text) && !FLAG_WORDS.has(text.toLowerCase()) && !looksLikeUnit(text)
		if (isJunkToken(text) || isWord || /^\d+-[A-Za-z]+,?$/.test(text)) {
			index++
			continue
		}
		// a performing-lab code printed after the name ('Glucose 01  107  mg/dL  65-99')
		const next = tokens[index + 1]
		if (/^0\d$/.test(text) && tokens[index].gapBefore < 2 && next && /^\d/.test(next.text)) {
			index++
			continue
		}
		break
	}
	return { index, unit }
}

type RowReading = {
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
}

type RangeRead = { range: ReferenceRange; text: string; consumed: number }

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
function readRange(
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

function readRow(tokens: Token[], start: number, options: LabParseOptions, analyte: Analyte | null, isBloodPressure: boolean): RowReading {
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
	const isOcr = options.source === 'ocr'
	const hasValue = () => reading.valueCandidates !== null || reading.bloodPressure !== null
	let index = start
	while (index < tokens.length) {
		const text = tokens[index].text
		const lower = text.toLowerCase()
		const next = tokens[index + 1]?.text
		if (next !== undefined && FLAG_PHRASE.test(`${text} ${next}`)) {
			reading.flag ??= `${text} ${next}`
			index += 2
			continue
		}
		if (isBloodPressure) {
			const bpRange = parseBloodPressureRange(isOcr ? text.replace(/[.,;:'"°|]+$/, '') : text)
			if (bpRange && /[<>]|\d-\d/.test(text)) {
				reading.bloodPressureRange ??= bpRange
				reading.rangeText ??= text
				index++
				continue
			}
			const bp = BLOOD_PRESSURE_VALUE.exec(text)
			if (bp && !reading.bloodPressure) {
				reading.bloodPressure = [bp[1], bp[2]]
				index++
				continue
			}
		}
		if (!hasValue() && !isBloodPressure) {
			const withFlag = VALUE_WITH_FLAG.exec(text)
			const flagFirst = withFlag ? null : FLAG_WITH_VALUE.exec(text)
			if (withFlag || flagFirst) {
				reading.valueCandidates = [withFlag ? withFlag[1] : flagFirst![2]]
				reading.flag ??= withFlag ? withFlag[2] : flagFirst![1]
				index++
				continue
			}
		}
		const range = readRange(tokens, index, options.source, hasValue(), analyte, hasColumnGaps(options))
		if (range) {
			if (!reading.range) {
				reading.range = range.range
				reading.rangeText = range.text
			} else if (!hasValue() && !isBloodPressure && reading.comparatorValue === null && /^[<>]/.test(reading.rangeText ?? '')) {
				// two comparisons before any plain number: the first is a value ('eGFR  >90  mL/min  >59')
				reading.comparatorValue = reading.rangeText
				reading.range = range.range
				reading.rangeText = range.text
			}
			index += range.consumed
			continue
		}
		// a value with a sign, where the analyte has negative values (base excess '-3.5')
		if (!hasValue() && analyte?.plausible && analyte.plausible[0] < 0 && /^[-+]\d+(?:\.\d+)?$/.test(text)) {
			reading.valueCandidates = [text.replace(/^\+/, '')]
			index++
			continue
		}
		// a text layer's whole number with a leading zero closing the row is the performing laboratory's code, not a
		// result: 'KETONES  NEGATIVE  NEGATIVE  01' (a result with a leading zero has its unit or range after it: 'EOS  03  %')
		if (!isOcr && index === tokens.length - 1 && /^0\d+$/.test(text)) {
			index++
			continue
		}
		// a row whose range and unit came before any number ('WBC  NONE SEEN  <= 5 /HPF  01'): a number after them sits in a code column
		const isAfterRangeAndUnit = reading.range !== null && reading.unit !== null && hasColumnGaps(options)
		if (!hasValue() && !isBloodPressure && !isAfterRangeAndUnit) {
			const candidates = numberCandidates(text, options.source)
			if (candidates) {
				reading.valueCandidates = candidates
				reading.isValueTokenRepaired = !PLAIN_NUMBER.test(text)
				index++
				// OCR: a stray mark read as a digit before the value ('Weight 2 168.9 lb')
				if (isOcr && text.length === 1 && next !== undefined && PLAIN_NUMBER.test(next) && next.length >= 2) {
					reading.valueCandidates = [next]
					reading.isValueTokenRepaired = true
					index++
				}
				continue
			}
			const withUnit = VALUE_WITH_UNIT.exec(text)
			if (withUnit && (looksLikeUnit(withUnit[2]) || (isOcr && isLikelyOcrUnit(withUnit[2], analyte)))) {
				reading.valueCandidates = [withUnit[1]]
				index++
				if (reading.unit === null) {
					const qualified = withQualifier(withUnit[2], tokens, index, options)
					reading.unit = qualified.unit
					index += qualified.consumed
				}
				continue
			}
		}
		if (FLAG_WORDS.has(lower) && !(lower === 'c' && analyte?.units.includes('C'))) {
			reading.flag ??= text
			index++
			continue
		}
		if (NOISE_WORDS.has(lower) || isJunkToken(text) || text === '-' || text === '—') {
			index++
			continue
		}
		// OCR: a unit split in two ('1073 /uL')
		if (isOcr && reading.unit === null && hasValue() && next?.startsWith('/') && /^x?[1l]0\S{0,3}$/i.test(text)) {
			reading.unit = `${text}${next}`
			index += 2
			continue
		}
		// a footnote mark against the unit ('tys/µl*': an age-specific range) is not part of it
		const unitText = text.replace(/(?<=[^\s*])\*{1,2}$/, '')
		if (reading.unit === null && (looksLikeUnit(unitText) || (isOcr && hasValue() && isLikelyOcrUnit(unitText, analyte)))) {
			const qualified = withQualifier(unitText, tokens, index + 1, options)
			reading.unit = qualified.unit
			index += 1 + qualified.consumed
			continue
		}
		index++
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

function finishUnit(unit: string | null, analyte: Analyte | null, source: LabTextSource, value: number | null = null): string | null {
	if (unit === null) return null
	return source === 'ocr' ? repairOcrUnit(unit, analyte, value) : tidyUnit(unit)
}

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

/** Within the analyte's physiological span, judged in its own unit ('9261 /uL' is 9.261 thousand per microlitre). */
function isPlausible(value: number, analyte: Analyte, unit: string | null): boolean {
	if (!analyte.plausible) return true
	const inUnit = valueInAnalyteUnit(analyte, { value, unit, ucumUnit: toUcum(unit) })
	return inUnit >= analyte.plausible[0] && inUnit <= analyte.plausible[1]
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
			plausible: analyte.plausible,
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

/** A restored reading beats the raw digits when the raw digits are far off the range. */
function restoredBetter(text: string, options: string[], fits: (text: string) => boolean): boolean {
	if (text.includes('.')) return false
	return options.some((other) => other !== text && other.replace('.', '') === text && fits(other) && Number(other) < Number(text) / 5)
}

/** The tokens of a line, tidied; OCR's stray marks before words dropped. */
function lineTokens(rawLine: string, options: LabParseOptions): Token[] {
	const line = tidyLine(rawLine, options.decimalComma)
	if (!line) return []
	let tokens = tokenize(line, options.source)
	if (options.source === 'ocr') {
		tokens = tokens
			// a bracket glued before 'U/' is a misread I ('[U/ml': IU/mL), not a table rule
			.map((token) => ({ ...token, text: token.text.replace(/^\[(?=U\/)/i, 'I').replace(/^[|{}[\]'"`‘’“”]+(?=[A-Za-z0-9<>])/, '') }))
			.filter((token) => token.text !== '' && !isJunkToken(token.text))
		tokens = joinKernedCapitals(joinSplitDecimals(tokens))
	}
	return tokens
}

/** Tokens with each one joined to the one before it where `belongTogether` says so. */
function joinTokens(tokens: Token[], belongTogether: (last: Token, token: Token) => boolean): Token[] {
	const joined: Token[] = []
	for (const token of tokens) {
		const last = joined[joined.length - 1]
		if (last && belongTogether(last, token)) joined[joined.length - 1] = { ...last, text: last.text + token.text }
		else joined.push(token)
	}
	return joined
}

/**
 * A word OCR split after its kerned capital ('T otal', 'P otassium', 'F erritin'): T, V, W, Y,
 * P and F tuck the next letter under their arm, and tesseract sees a gap there. Joined when the
 * rest is lower-case letters one space on.
 */
function joinKernedCapitals(tokens: Token[]): Token[] {
	return joinTokens(tokens, (last, token) => /^[TVWYPF]$/.test(last.text) && /^[a-z]{2,}[,:]?$/.test(token.text) && token.gapBefore === 1)
}

/** A number OCR split after its decimal point ('6. 03', '1. 42 - 2. 50') as one token. */
function joinSplitDecimals(tokens: Token[]): Token[] {
	return joinTokens(tokens, (last, token) => /^[<>]?\d+\.$/.test(last.text) && /^\d+(?:[-–]|$)/.test(token.text) && token.gapBefore === 1)
}

/**
 * More words than a printed line holds, even with tables side by side (a row is under ten, four
 * tables abreast under fifty): a hostile or broken text layer's run-on line, read as no row rather
 * than row after row in one deep recursion.
 */
const MAX_LINE_TOKENS = 400

/** Reads one line: zero parameters, one, or two for a blood-pressure reading; several when tables sit side by side. */
export function parseLabLine(rawLine: string, options: LabParseOptions): ExtractedParameter[] {
	const tokens = lineTokens(rawLine, options)
	return tokens.length > MAX_LINE_TOKENS ? [] : parseLabTokens(tokens, options)
}

function parseLabTokens(allTokens: Token[], options: LabParseOptions): ExtractedParameter[] {
	if (allTokens.length < 2) return []
	const exact = matchName(allTokens, options.source, hasColumnGaps(options))
	const named = matchAbbreviatedName(allTokens, exact, options) ?? exact
	if (!named) {
		const marks = leadingMarks(allTokens, options)
		return marks > 0 ? parseLabTokens([{ ...allTokens[marks], gapBefore: 0 }, ...allTokens.slice(marks + 1)], options) : laterColumn(allTokens, options)
	}
	const qualifiers = skipNameQualifiers(allTokens, named.consumed, hasColumnGaps(options))
	const start = qualifiers.index
	if (isSentence(allTokens.slice(start))) return []
	const tokens = options.dateColumns ? newestColumnOnly(allTokens, start, options.dateColumns) : allTokens
	if (tokens === null) return []
	const printedName = tokens
		.slice(0, start)
		.map((token) => token.text)
		.join(' ')
		// a procedure code printed after the name ('Glukoza (ICD-9: L43)') is not part of it
		.replace(/\s*\(ICD-?\d{1,2}\s*:\s*[A-Z0-9.]{1,8}\)\s*\S?$/i, '')
		.replace(/[\s,:;.|]+$/, '')
	// a second table beside the first: the row ends where the next name begins
	const next = nextRowStart(tokens, start, options)
	const own = next === null ? tokens : tokens.slice(0, next)
	const rest = next === null ? [] : parseLabTokens(tokens.slice(next), options)
	if (named.match.kind === 'blood_pressure') return [...bloodPressureParameters(own, start, printedName, options), ...rest]
	const read = readParameter(own, start, printedName, named, qualifiers.unit, options)
	// OCR: a cumulative row whose newest result may be the one not read
	const isNewestUnknown =
		options.source === 'ocr' && (options.dateColumns ? isNewestColumnUnread(allTokens, start, options.dateColumns) : hasSeveralResultColumns(own, start))
	const found = read && isNewestUnknown ? { ...read, hasSeveralResults: true } : read
	const pair = found ? secondPairOfRow(own, start, found, printedName, options) : null
	return found ? [found, ...(pair ? [pair] : []), ...rest] : rest
}

/** The other of a white cell's share and count (neutrophils_pct and neutrophils_abs), when the vocabulary has both. */
function differentialTwin(code: string): Analyte | null {
	if (code.endsWith('_pct')) return findAnalyteByCode(code.replace(/_pct$/, '_abs')) ?? null
	if (code.endsWith('_abs')) return findAnalyteByCode(code.replace(/_abs$/, '_pct')) ?? null
	return null
}

/**
 * A differential row that prints the share and the count side by side ('Neutrophils  60 %  4.2 10^3/µL  40-70
 * 2.0-7.0', or each pair with its range: '60 %  40-70  4.2 x10^9/L  2.0-7.0'): after the row's value, a plain
 * number with one of the twin analyte's units is the twin's value. Its range is the one after it when the
 * first pair's range came before it; when the ranges all follow the second pair, the second of them (a lone
 * one there is the first pair's, and the second pair gets none). A number OCR had to repair is not taken.
 */
function secondPairOfRow(tokens: Token[], start: number, first: ExtractedParameter, printedName: string, options: LabParseOptions): ExtractedParameter | null {
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

/**
 * Marks a text layer prints before a name (an icon font's letters beside a critical row, a bullet,
 * a row number: 'n 1 nn Troponin I  52.4', '3  Glucose  92'): up to three tokens of one or two
 * letters, digits or bullets, none a name itself, before a name matched as printed. How many to
 * skip, or 0. Not for OCR, whose stray marks are read apart (lineTokens).
 */
function leadingMarks(tokens: Token[], options: LabParseOptions): number {
	if (options.source !== 'text') return 0
	for (let count = 1; count <= 3 && count < tokens.length - 1; count++) {
		const marks = tokens.slice(0, count)
		if (!marks.every((mark) => /^[\p{L}\p{N}•▪■●*#]{1,2}$/u.test(mark.text) && !lookupAnalyteName(mark.text))) return 0
		const named = matchName(tokens.slice(count), options.source, hasColumnGaps(options))
		if (named && !named.isLoose) return count
	}
	return 0
}

/**
 * What follows a name reads as a sentence, not a result row ('A1c value between 5.7% and 6.4% is
 * consistent with ...', '- Vitamin B12: 1500 mcg daily for 3 months'): three words or more in
 * lower case that are neither units nor flags, one of them between two numbers. A row's own words
 * (a note after its value: '6.8% - well controlled') leave no number after them.
 */
function isSentence(tokens: Token[]): boolean {
	const isProse = (token: Token) =>
		/^\p{Ll}{2,}[,.;:]?$/u.test(token.text) && !FLAG_WORDS.has(token.text.toLowerCase()) && !NOISE_WORDS.has(token.text) && !looksLikeUnit(token.text)
	const isNumber = (token: Token) => /^[<>]?\d/.test(token.text)
	if (tokens.filter(isProse).length < 3) return false
	const first = tokens.findIndex(isNumber)
	const last = tokens.findLastIndex(isNumber)
	return first >= 0 && tokens.slice(first + 1, last).some(isProse)
}

/**
 * A name cell printed with abbreviated words or cut off at the column's edge ('Ort. Eritrosit Hemoglobin
 * Kon', 'Mean Corp. Vol.', 'Ortalama Eritrosit'), longer than any exact name at its start (the exact
 * 'Eritrosit' of 'Eritrosit Dağ. Gen. Yüzdesi' is the red cell count): the one analyte whose name the words
 * begin (lookupAbbreviatedName) and whose unit the row's unit fits. Two that fit (fL: MCV and RDW-SD, with
 * no word to tell them apart) or none: no guess, the exact reading stands (or nothing is read).
 */
function matchAbbreviatedName(tokens: Token[], exact: NameMatch | null, options: LabParseOptions): NameMatch | null {
	if (exact?.match.kind === 'blood_pressure') return null
	// the name cell: up to a number, a column gap or a flag before the value ('Ortalama Eritrosit  L 24,3')
	const endsCell = (token: Token, index: number) =>
		/\d/.test(token.text) || (index > 0 && hasColumnGaps(options) && token.gapBefore >= 2) || (index >= 2 && FLAG_WORDS.has(token.text.toLowerCase()))
	let cell = 0
	while (cell < tokens.length && !endsCell(tokens[cell], cell)) cell++
	// a loose OCR match ('Ortalama Eritrosit L' a quarter of its letters from 'Ortalama Eritrosit Hacmi') is no exact name
	if (cell < 2 || (!exact?.isLoose && cell <= (exact?.consumed ?? 0))) return null
	const name = tokens
		.slice(0, cell)
		.map((token) => token.text)
		.join(' ')
	// a bracket left open: the cell goes on past a number ('eGFR (CKD-EPI 2021)'), it is not cut off
	if ((name.match(/\(/g) ?? []).length !== (name.match(/\)/g) ?? []).length) return null
	const candidates = lookupAbbreviatedName(name)
	if (candidates.length === 0) return null
	const reading = readRow(tokens, cell, options, null, false)
	if (reading.valueCandidates === null || reading.unit === null) return null
	const fitting = candidates.filter((analyte) => {
		const unit = finishUnit(reading.unit, analyte, options.source)
		return unit !== null && printedUnitFits(analyte, unit) === true
	})
	if (fitting.length !== 1 || (exact?.match.kind === 'analyte' && exact.match.analyte === fitting[0])) return null
	return { match: { kind: 'analyte', analyte: fitting[0] }, consumed: cell }
}

/**
 * A line whose first column is words but no result (a note: 'All values
 * within normal limits     Total cholesterol 240 mg/dL'): the results read
 * from its next column on. Only where gaps are column breaks; a first
 * column of OCR marks is not a column of words.
 */
function laterColumn(tokens: Token[], options: LabParseOptions): ExtractedParameter[] {
	if (!hasColumnGaps(options)) return []
	const column = tokens.findIndex((token, index) => index > 0 && token.gapBefore >= 2)
	const isWords = column >= 2 && tokens.slice(0, column).every((token) => /\p{L}{2}/u.test(token.text))
	return isWords ? parseLabTokens(tokens.slice(column), options) : []
}

/**
 * A cumulative row ('RBC  4.90  5.20  5.17 H  x10^6/uL  4.50 - 5.90'): the
 * value of the newest date column, with its flag, and the rest of the row;
 * null when the row prints more values than the header has dates (no guess).
 */
function newestColumnOnly(tokens: Token[], start: number, columns: { count: number; newest: number }): Token[] | null {
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
 * An OCR row of a cumulative table whose newest date is not its first column, with fewer results
 * than the header has dates: a column OCR did not read (a faint one), so the first value read
 * may be an older one.
 */
function isNewestColumnUnread(tokens: Token[], start: number, columns: { count: number; newest: number }): boolean {
	const { values } = resultCells(tokens, start, columns.count)
	return columns.newest > 0 && values.length > 0 && values.length < columns.count
}

/** A header of date columns ('Test  03/21/2024  07/19/2024  11/17/2024  Units'): how many, and which is newest. */
function dateColumnsOf(line: string): { count: number; newest: number } | null {
	if (line.includes(':')) return null
	const dates = findDates(line)
	if (dates.length < 2) return null
	const newest = dates.reduce((best, date, index) => (date.iso > dates[best].iso ? index : best), 0)
	return { count: dates.length, newest }
}

/**
 * Where a second row starts on the same line (two panels side by side): a
 * token after this row's value, at a column gap in text, that begins a
 * known name followed by a number.
 */
function nextRowStart(tokens: Token[], start: number, options: LabParseOptions): number | null {
	let hasValue = false
	for (let index = start; index < tokens.length; index++) {
		const text = tokens[index].text
		if (!hasValue) {
			if (/^[<>]?\d/.test(text)) hasValue = true
			continue
		}
		if (looksLikeUnit(text)) {
			// a qualifier after the unit ('% of total Hgb') is no second row's name
			index += unitQualifierLength(tokens.slice(index + 1, index + 5).map((token) => token.text))
			continue
		}
		if (hasColumnGaps(options) && tokens[index].gapBefore < 2) continue
		if (!/^[A-Za-z]/.test(text) || FLAG_WORDS.has(text.toLowerCase())) continue
		const candidate = tokens.slice(index)
		const named = matchName(candidate, options.source, hasColumnGaps(options))
		if (!named || named.isLoose) continue
		const after = skipNameQualifiers(candidate, named.consumed, hasColumnGaps(options)).index
		if (candidate.slice(after, after + 3).some((token) => /^[<>]?\d/.test(token.text))) return index
	}
	return null
}

function readParameter(
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
	const reading = readRow(tokens, start, options, analyte, false)
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

/**
 * An OCR row that prints three results or more side by side, each in its own column, before its
 * unit and range ('RBC   5.70   4.67   5.30   M/uL   4.50-5.90'): a cumulative report whose header
 * dates OCR did not read. Which column is the newest is not known, so the value read (the first)
 * may be an older one; and two of the numbers must not be taken for a range whose dash was lost.
 */
function hasSeveralResultColumns(tokens: Token[], start: number): boolean {
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

function isWordResult(tokens: Token[], start: number): boolean {
	const word = (index: number) => (tokens[index]?.text ?? '').toLowerCase().replace(/[.,;:]+$/, '')
	return WORD_RESULTS.has(word(start)) || WORD_RESULTS.has(`${word(start)} ${word(start + 1)}`)
}

/** A count per volume ('x10^3/µL', 'tys/µl', '/cmm', 'K/uL', '10^9/L'). */
const COUNT_UNIT = /\/\s*(?:[uµμ]l|mm3|cmm|cu\.?\s?mm|nl|l)\b|10\s*[\^*]|x\s*10|^(?:k|tys|thou)/i

/**
 * A white cell's share and its count are printed under one name ('Neutrófilos  20.2 %' and
 * 'Neutrófilos  0.5 x10^3/µL'), and a bare name can stand for two analytes measured in units a
 * thousand apart ('T4' in ng/dL is the free thyroxine, in ug/dL the total; the vocabulary's
 * `inUnitsOf`): the unit tells which analyte the row is.
 */
function analyteByUnit(analyte: Analyte, unit: string | null): Analyte {
	if (unit === null) return analyte
	const twin = analyte.inUnitsOf
	if (twin && twin.units.some((candidate) => normaliseUnitKey(candidate) === normaliseUnitKey(unit) || isSameUnit(candidate, unit))) {
		return findAnalyteByCode(twin.code) ?? analyte
	}
	if (analyte.code.endsWith('_pct') && unit.trim() !== '%' && COUNT_UNIT.test(unit)) return findAnalyteByCode(analyte.code.replace(/_pct$/, '_abs')) ?? analyte
	if (analyte.code.endsWith('_abs') && unit.trim() === '%') return findAnalyteByCode(analyte.code.replace(/_abs$/, '_pct')) ?? analyte
	return analyte
}

/** A parameter with its LOINC code and UCUM unit, graded against its range. */
function parameterOf(
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

/** A loosely matched name stands when the row has a value, a range and one of the analyte's units. */
function isConfirmedByRow(reading: RowReading, analyte: Analyte): boolean {
	if (reading.valueCandidates === null || !reading.range || reading.unit === null) return false
	const value = Number(reading.valueCandidates[0].replace(/^[<>]=?/, ''))
	return analyte.units.includes(repairOcrUnit(reading.unit, analyte, Number.isFinite(value) ? value : null))
}

/** 'Blood Pressure 147/84 mmHg <120/<80' gives systolic_bp and diastolic_bp. */
function bloodPressureParameters(tokens: Token[], start: number, printedName: string, options: LabParseOptions): ExtractedParameter[] {
	const reading = readRow(tokens, start, options, null, true)
	if (!reading.bloodPressure) return []
	const unit = finishUnit(reading.unit, null, options.source)
	const bpUnit = unit && /^mm\s*h[gq9]$/i.test(unit) ? 'mmHg' : unit
	const ranges = reading.bloodPressureRange
	const make = (code: 'systolic_bp' | 'diastolic_bp', text: string, range: ReferenceRange | null): ExtractedParameter =>
		parameterOf(findAnalyteByCode(code)!, printedName, Number(text), text, bpUnit, range, range?.text ?? null, reading.flag, options)
	return [make('systolic_bp', reading.bloodPressure[0], ranges?.[0] ?? null), make('diastolic_bp', reading.bloodPressure[1], ranges?.[1] ?? null)]
}

/**
 * A row whose name the vocabulary does not know, read only from a text
 * layer where columns are apart: 'Name  value  [unit]  range'. Needs a value
 * and a numeric range so that prose and headers are never taken for
 * results. It is reported as unmapped, with its printed name and no code.
 */
export function parseUnknownLabLine(rawLine: string, options: LabParseOptions): UnmappedResult | null {
	if (options.source !== 'text') return null
	const columns = tidyLine(rawLine, options.decimalComma).split(/\s{2,}/)
	if (columns.length < 3) return null
	const name = columns[0].trim()
	if (!/^[A-Za-z][A-Za-z0-9 ,()\-/%.+']{1,48}$/.test(name) || name.split(' ').length > 6) return null
	if (/\b(page|dob|mrn|date|phone|tel|fax|id|patient|specimen|accession|age|sex)\b/i.test(name)) return null
	const reading = readRow(tokenize(columns.slice(1).join('  '), options.source), 0, options, null, false)
	if (reading.valueCandidates === null || !reading.range) return null
	const valueText = reading.valueCandidates[0]
	const value = Number(valueText)
	if (!Number.isFinite(value)) return null
	return {
		name,
		value,
		valueText,
		unit: finishUnit(reading.unit, null, options.source),
		referenceRangeMin: reading.range.min,
		referenceRangeMax: reading.range.max,
		referenceRangeText: reading.rangeText,
	}
}

export type LabResults = { parameters: ExtractedParameter[]; unmapped: UnmappedResult[] }

/** Words that introduce a reference range printed on its own line under a result. */
const RANGE_LINE =
	/^\s*(?:reference(?:\s+(?:range|interval|value|values))?|ref\.?(?:\s+(?:range|interval))?|normal(?:\s+range)?|biological\s+ref(?:erence)?\.?(?:\s+interval)?|goal|target|range)\s*[:-]?\s*(.+)$/i

/** A line that only continues the name above it ('Concentration' under 'Mean Corpuscular Hemoglobin'). */
function isNameContinuation(line: string): boolean {
	const text = line.trim()
	return text.length > 0 && text.length <= 40 && !/\d/.test(text) && /^[A-Za-z(]/.test(text) && text.split(/\s+/).length <= 4 && !RANGE_LINE.test(text)
}

/** The first column of a text line (up to a gap of two spaces or more). */
function firstCell(line: string): { cell: string; rest: string } {
	const match = /^(\s*\S+(?: \S+)*)(.*)$/.exec(line)
	return match ? { cell: match[1], rest: match[2] } : { cell: line, rest: '' }
}

/**
 * Every result row of a lab report, in reading order: a code printed again
 * under another name or in another unit is kept as another row, the same row
 * read again is not (same-analyte.ts); rows with unknown names apart.
 * Besides one row per line, it pairs lines: a name wrapped onto the next
 * line, a range printed on the line under its result, and cards (names on
 * one line, values under them, goals under those).
 */
export function extractLabResults(text: string, options: LabParseOptions): LabResults {
	const parameters: ExtractedParameter[] = []
	const unmapped: UnmappedResult[] = []
	const lines = text.split('\n')
	const add = (found: ExtractedParameter[]) => {
		// a code printed again under another name or in another unit is another row (same-analyte.ts); the same row again is left out
		for (const parameter of found) if (!parameters.some((other) => isSamePrintedRow(other, parameter))) parameters.push(parameter)
	}
	for (let index = 0; index < lines.length; index++) {
		const line = lines[index]
		const next = lines[index + 1] ?? ''
		const columns = dateColumnsOf(line)
		if (columns) {
			options = { ...options, dateColumns: columns }
			continue
		}
		// a name wrapped in its cell: the longer name wins when it is a known one
		if (hasColumnGaps(options) && isNameContinuation(next)) {
			const { cell, rest } = firstCell(line)
			if (/\d/.test(rest) && lookupAnalyteName(`${cell.trim()} ${next.trim()}`)) {
				const found = parseLabLine(`${cell.trim()} ${next.trim()}${rest}`, options)
				if (found.length > 0) {
					add(withRangeBelow(found, lines[index + 2] ?? '', options))
					index++
					continue
				}
			}
		}
		let found = parseLabLine(line, options)
		if (found.length === 0) {
			const cards = readCards(lines, index, options)
			if (cards) {
				add(cards.parameters)
				index += cards.consumed - 1
				continue
			}
			const unknown = parseUnknownLabLine(line, options)
			if (unknown) unmapped.push(unknown)
			continue
		}
		found = withRangeBelow(found, next, options)
		add(found)
	}
	return { parameters, unmapped: unmapped.filter((row) => !parameters.some((parameter) => parameter.code === row.name)) }
}

/** A result without a range takes the range printed on the line under it ('Reference range: 70 - 99'). */
function withRangeBelow(found: ExtractedParameter[], below: string, options: LabParseOptions): ExtractedParameter[] {
	if (found.length !== 1 || found[0].referenceRangeText !== null) return found
	const match = RANGE_LINE.exec(tidyLine(below, options.decimalComma))
	if (!match) return found
	const range = parseReferenceRange(match[1].trim())
	if (!range) return found
	const analyte = findAnalyteByCode(found[0].code)
	if (!analyte) return found
	const [parameter] = found
	return [parameterOf(analyte, parameter.name, parameter.value, parameter.valueText, parameter.unit, range, range.text, null, options)]
}

type CardsRead = { parameters: ExtractedParameter[]; consumed: number }

/**
 * Cards and tiles: a line of names (one per card), the values with their
 * units on the line under it, then optionally a line of goals or ranges
 * ('Goal <200'). Cells are paired by position in text layers (two spaces or
 * more between cards); one card per line in OCR text.
 */
function readCards(lines: string[], index: number, options: LabParseOptions): CardsRead | null {
	const names = cardNames(lineTokens(lines[index], options), options)
	if (!names) return null
	let row = index + 1
	while (row < lines.length && lines[row].trim() === '') row++
	const values = cardValues(lineTokens(lines[row] ?? '', options))
	if (values.length !== names.length) return null
	const goals = cardGoals(lineTokens(lines[row + 1] ?? '', options), hasColumnGaps(options))
	const rangeCells = goals.length === names.length ? goals : null
	const parameters = names.flatMap((name, column) => parseLabLine(`${name}  ${values[column]}${rangeCells ? `  ${rangeCells[column]}` : ''}`, options))
	if (parameters.length === 0) return null
	return { parameters, consumed: row - index + 1 + (rangeCells ? 1 : 0) }
}

/** A line made only of known names, one per card ('HGB   Total Cholesterol   Blood Pressure'); null otherwise. */
function cardNames(tokens: Token[], options: LabParseOptions): string[] | null {
	const names: string[] = []
	let index = 0
	while (index < tokens.length) {
		const rest = tokens.slice(index)
		const named = matchName(rest, options.source, hasColumnGaps(options))
		if (!named || named.isLoose) return null
		let end = named.consumed
		// qualifiers in parentheses or after a comma belong to the name ('Creatinine, Serum')
		while (
			end < rest.length &&
			(/^\(/.test(rest[end].text) || /,$/.test(rest[end - 1].text)) &&
			(!hasColumnGaps(options) || rest[end].gapBefore < 2) &&
			!lookupAnalyteName(rest[end].text)
		)
			end++
		names.push(
			rest
				.slice(0, end)
				.map((token) => token.text)
				.join(' '),
		)
		index += end
	}
	return names.length > 0 && tokens.every((token) => !/^[<>]?\d/.test(token.text) || /[a-z]/i.test(token.text)) ? names : null
}

/** A line of values, each with what follows it up to the next value ('12.1 g/dL  240 mg/dL  149/89 mmHg'). */
function cardValues(tokens: Token[]): string[] {
	const cells: string[] = []
	for (const token of tokens) {
		if (/^[<>]?\d/.test(token.text) || cells.length === 0) cells.push(token.text)
		else cells[cells.length - 1] += ` ${token.text}`
	}
	return cells.every((cell) => /^[<>]?\d/.test(cell)) ? cells : []
}

/**
 * A line of goals or ranges, one per card ('Goal 13.5 - 17.5   Goal <200'): cells start at a
 * label word, or, with column gaps, at a gap, the label then dropped whatever OCR made of it
 * ('Goad 32 - 36').
 */
function cardGoals(tokens: Token[], columnGaps: boolean): string[] {
	const isRange = (cell: string) => parseReferenceRange(cell) !== null || parseBloodPressureRange(cell) !== null
	const byLabel: string[] = []
	for (const token of tokens) {
		if (/^(?:goal|target|reference|ref\.?|normal|range):?$/i.test(token.text)) byLabel.push('')
		else if (byLabel.length > 0) byLabel[byLabel.length - 1] = `${byLabel[byLabel.length - 1]} ${token.text}`.trim()
		else break
	}
	if (byLabel.length > 0 && byLabel.every(isRange)) return byLabel
	if (!columnGaps) return []
	const byGap: string[] = []
	for (const token of tokens) {
		if (byGap.length === 0 || token.gapBefore >= 2) byGap.push(token.text)
		else byGap[byGap.length - 1] += ` ${token.text}`
	}
	const ranges = byGap.map((cell) => cell.replace(/^[A-Za-z][A-Za-z.]{1,11}:?\s+(?=[<>≤≥]|\d)/, ''))
	return ranges.every(isRange) ? ranges : []
}

/**
 * The result rows of a page's tables read from its word boxes (table-reader.ts), each row put
 * through the row reader as a line of cells; of a row's name lines (its name, a method or
 * comment line) the first that reads as a result is its name. A row read again is left out (same-analyte.ts).
 */
export function extractTableResults(boxes: Box[], options: LabParseOptions): ExtractedParameter[] {
	const found: ExtractedParameter[] = []
	for (const row of readTables(boxes)) {
		for (const line of rowLines(row)) {
			const read = parseLabLine(line, { ...options, columnGaps: true, dateColumns: undefined })
			if (read.length === 0) continue
			for (const parameter of read) if (!found.some((other) => isSamePrintedRow(other, parameter))) found.push(parameter)
			break
		}
	}
	return found
}

/**
 * An OCR page read twice (another preparation, another engine: ocr-page.ts) keeps one reading; a
 * value of it that needed a repair (a decimal point restored: '1,7' read as '157' and made '15.7')
 * and that the other reading gives otherwise carries the other value (plausibility.ts then keeps
 * it to check): the repair was a guess the page does not confirm. A value read as printed stands
 * (the reading kept is the better one, and the other disagrees with it on every digit it misread).
 */
export function withOtherReading(parameters: ExtractedParameter[], otherReading: string, options: LabParseOptions): ExtractedParameter[] {
	if (!parameters.some((parameter) => parameter.isValueRepaired)) return parameters
	const other = new Map<string, ExtractedParameter>()
	for (const parameter of extractLabResults(otherReading, options).parameters) if (!other.has(parameter.code)) other.set(parameter.code, parameter)
	return parameters.map((parameter) => {
		const read = other.get(parameter.code)
		return parameter.isValueRepaired && read && read.value !== parameter.value ? { ...parameter, otherReadingValueText: read.valueText } : parameter
	})
}

/** The mapped result rows of a text (see extractLabResults). */
export function extractLabValues(text: string, options: LabParseOptions): ExtractedParameter[] {
	return extractLabResults(text, options).parameters
}
