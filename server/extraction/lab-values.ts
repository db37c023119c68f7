import { lookupAnalyteName, lookupAnalyteNameApproximately, lookupAnalyteNameLoosely, MAX_ALIAS_WORDS, normaliseAnalyteName, type Analyte, type AnalyteMatch } from './analytes.ts'
import { ocrNumberCandidates, repairOcrNumber, restoreDecimalPoint, restoreRangeDecimal } from './ocr-numbers.ts'
import { gradeValue, statusFromFlag } from './parameter-status.ts'
import { parseBloodPressureRange, parseReferenceRange, tidyRangeText, type ReferenceRange } from './reference-range.ts'
import type { ExtractedParameter, ParameterStatus } from './types.ts'
import { isLikelyOcrUnit, looksLikeUnit, repairOcrUnit, tidyUnit } from './units.ts'

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
	/** grade against the range (lab reports); vital signs of notes are not graded (status null) */
	grade: boolean
}

type Token = { text: string; gapBefore: number }

const FLAG_WORDS = new Set(['h', 'l', 'hh', 'll', 'high', 'low', 'a', 'abn', 'abnormal', 'crit', 'critical', 'c', '*', '**', '!', 'hi', 'lo', 'n', 'normal', 'panic'])
const FLAG_PHRASE = /^(?:above|below|in|within|out\s+of)\s+range$/i
const NOISE_WORDS = new Set(['final', 'prelim', 'preliminary', 'corrected', 'amended', 'pending', 'result', 'results'])
const VALUE_WITH_FLAG = /^(\d+(?:\.\d+)?)(HH|LL|H|L|A|\*)$/
const VALUE_WITH_UNIT = /^(\d+(?:\.\d+)?)(%|[a-zA-Z°µ][a-zA-Z0-9/^°µ.²]*)$/
const PLAIN_NUMBER = /^\d+(?:\.\d+)?$/
const BLOOD_PRESSURE_VALUE = /^(\d{2,3})\/(\d{2,3})$/

function tokenize(line: string): Token[] {
	const tokens: Token[] = []
	const regex = /(\s*)(\S+)/g
	for (let m = regex.exec(line); m; m = regex.exec(line)) tokens.push({ text: m[2], gapBefore: m[1].length })
	return tokens
}

/** Punctuation and stray marks OCR leaves between columns (a lone dash is kept: it means 'no range'). */
function isJunkToken(text: string): boolean {
	return text !== '-' && text !== '—' && text !== '*' && /^[|:;.,'"`~_=+\-—–‘’“”»«(){}[\]\\/*•·°^]+$/.test(text)
}

function tidyLine(line: string): string {
	return line
		.replace(/[\u2010-\u2015\u2212]/g, (dash) => (dash === '\u2014' ? '—' : '-'))
		.replace(/\u00a0/g, ' ')
		.replace(/^[\s|:;.,'"`~_=+*•·»«>{}[\]\\-]+/, '')
}

/** OCR misreadings inside analyte names ('Alc' for 'A1c', 'C02' for 'CO2'). */
function fixOcrName(name: string): string {
	return name
		.replace(/\bA[lI|i]c\b/gi, 'A1c')
		.replace(/\bC0(?=2\b)/g, 'CO')
		.replace(/\bSp0(?=2\b)/gi, 'SpO')
		.replace(/\b[Il1]DL\b/g, 'LDL')
		.replace(/\bHD[Il1]\b/g, 'HDL')
		.replace(/(?<=[a-z])1(?=[a-z])/g, 'l')
		.replace(/(?<=[a-z])0(?=[a-z])/g, 'o')
}

/** isLoose: an OCR name matched loosely, kept only when value, range and unit confirm it */
type NameMatch = { match: AnalyteMatch; consumed: number; isLoose?: boolean }

/** The analyte named at the start of the row, the longest alias winning. */
function matchName(tokens: Token[], source: LabTextSource): NameMatch | null {
	const limit = Math.min(tokens.length, MAX_ALIAS_WORDS + 3)
	for (let count = limit; count >= 1; count--) {
		if (source === 'text' && tokens.slice(1, count).some((token) => token.gapBefore >= 2)) continue
		const words = tokens.slice(0, count).map((token) => token.text)
		const last = words[words.length - 1]
		if (/\d/.test(last) && !/[a-z]/i.test(last)) continue
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

/**
 * After the name: words that qualify it ('Fasting', 'Calc', '(calculated)',
 * ', 25-OH, TOTAL') up to the first token that may be a value.
 */
function skipNameQualifiers(tokens: Token[], start: number, source: LabTextSource): number {
	let index = start
	let depth = 0
	for (let guard = 0; index < tokens.length && guard < 8; guard++) {
		const text = tokens[index].text
		if (source === 'text' && depth === 0 && tokens[index].gapBefore >= 2) break
		if (text.startsWith('(')) depth++
		if (depth > 0) {
			if (text.includes(')')) depth = 0
			index++
			continue
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
	return index
}

type RowReading = {
	/** readings of the value token, most likely first */
	valueCandidates: string[] | null
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
	repaired = repaired.replace(/^[<«]\s*=/, '<=').replace(/^[>»]\s*=/, '>=').replace(/^«/, '<').replace(/^»/, '>')
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
function readRange(tokens: Token[], index: number, source: LabTextSource, hasValue: boolean, analyte: Analyte | null): RangeRead | null {
	const found = readRangeTokens(tokens, index, source, hasValue)
	if (!found || source !== 'ocr' || !analyte?.plausible) return found
	return plausibleRange(found, analyte.plausible)
}

/**
 * OCR: a range bound beyond anything plausible for the analyte ('2-120' for
 * a percentage whose '12' gained a digit) loses its extra last digit.
 */
function plausibleRange(found: RangeRead, plausible: readonly [number, number]): RangeRead | null {
	const { min, max } = found.range
	if (max === null || max <= plausible[1]) return found
	const text = String(max)
	if (text.length < 2 || text.includes('.')) return null
	const shorter = Number(text.slice(0, -1))
	if (min !== null && shorter <= min) return null
	return { ...found, range: { ...found.range, max: shorter }, text: found.text.replace(new RegExp(`${text}$`), String(shorter)) }
}

function readRangeTokens(tokens: Token[], index: number, source: LabTextSource, hasValue: boolean): RangeRead | null {
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
		if (source === 'text' && tokens.slice(index + 1, index + count).some((token) => token.gapBefore >= 2)) continue
		let text = tokens.slice(index, index + count).map((token) => token.text).join(' ')
		if (source === 'ocr') text = repairOcrRangeText(text)
		const found = rangeFrom(text, count)
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
			if (withFlag) {
				reading.valueCandidates = [withFlag[1]]
				reading.flag ??= withFlag[2]
				index++
				continue
			}
		}
		const range = readRange(tokens, index, options.source, hasValue(), analyte)
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
		if (!hasValue() && !isBloodPressure) {
			const candidates = numberCandidates(text, options.source)
			if (candidates) {
				reading.valueCandidates = candidates
				index++
				// OCR: a stray mark read as a digit before the value ('Weight 2 168.9 lb')
				if (isOcr && text.length === 1 && next !== undefined && PLAIN_NUMBER.test(next) && next.length >= 2) {
					reading.valueCandidates = [next]
					index++
				}
				continue
			}
			const withUnit = VALUE_WITH_UNIT.exec(text)
			if (withUnit && (looksLikeUnit(withUnit[2]) || (isOcr && isLikelyOcrUnit(withUnit[2], analyte)))) {
				reading.valueCandidates = [withUnit[1]]
				reading.unit ??= withUnit[2]
				index++
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
		if (reading.unit === null && (looksLikeUnit(text) || (isOcr && hasValue() && isLikelyOcrUnit(text, analyte)))) {
			reading.unit = text
			index++
			continue
		}
		index++
	}
	return reading
}

function slugCode(name: string): string {
	return normaliseAnalyteName(name).replace(/%/g, 'pct').replace(/\s+/g, '_').slice(0, 60)
}

function finishUnit(unit: string | null, analyte: Analyte | null, source: LabTextSource): string | null {
	if (unit === null) return null
	return source === 'ocr' ? repairOcrUnit(unit, analyte) : tidyUnit(unit)
}

function gradeOrNull(options: LabParseOptions, code: string, value: number, unit: string | null, range: ReferenceRange | null, flag: string | null): ParameterStatus | null {
	if (!options.grade) return null
	const status = gradeValue({ code, value, unit, min: range?.min ?? null, max: range?.max ?? null })
	if (!range && status === 'normal') return statusFromFlag(flag) ?? 'normal'
	return status
}

function isPlausible(value: number, analyte: Analyte): boolean {
	return !analyte.plausible || (value >= analyte.plausible[0] && value <= analyte.plausible[1])
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
function resolveOcrValue(candidates: string[], analyte: Analyte, reading: RowReading): string | null {
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
	const fits = (text: string) => isPlausible(Number(text), analyte) && isNearRange(Number(text), reading.range)
	const best = options.find((text) => fits(text) && !restoredBetter(text, options, fits))
	if (best) return best
	return options.find((text) => isPlausible(Number(text), analyte)) ?? null
}

/** A restored reading beats the raw digits when the raw digits are far off the range. */
function restoredBetter(text: string, options: string[], fits: (text: string) => boolean): boolean {
	if (text.includes('.')) return false
	return options.some((other) => other !== text && other.replace('.', '') === text && fits(other) && Number(other) < Number(text) / 5)
}

/** Reads one line: zero parameters, one, or two for a blood-pressure reading. */
export function parseLabLine(rawLine: string, options: LabParseOptions): ExtractedParameter[] {
	const line = tidyLine(rawLine)
	if (!line) return []
	let tokens = tokenize(line)
	if (options.source === 'ocr') {
		tokens = tokens
			.map((token) => ({ ...token, text: token.text.replace(/^[|{}[\]'"`‘’“”]+(?=[A-Za-z0-9<>])/, '') }))
			.filter((token) => token.text !== '' && !isJunkToken(token.text))
	}
	if (tokens.length < 2) return []
	const named = matchName(tokens, options.source)
	if (!named) return []
	const start = skipNameQualifiers(tokens, named.consumed, options.source)
	const printedName = tokens
		.slice(0, start)
		.map((token) => token.text)
		.join(' ')
		.replace(/[\s,:;.|]+$/, '')
	if (named.match.kind === 'blood_pressure') return bloodPressureParameters(tokens, start, printedName, options)
	const analyte = named.match.analyte
	const reading = readRow(tokens, start, options, analyte, false)
	if (named.isLoose && !isConfirmedByRow(reading, analyte)) return []
	if (reading.valueCandidates === null && reading.comparatorValue !== null) reading.valueCandidates = [reading.comparatorValue.replace(/\s+/g, '')]
	if (reading.valueCandidates === null) return []
	const isComparison = /^[<>]/.test(reading.valueCandidates[0])
	const valueText = options.source === 'ocr' && !isComparison ? resolveOcrValue(reading.valueCandidates, analyte, reading) : reading.valueCandidates[0]
	if (valueText === null) return []
	const value = Number(valueText.replace(/^[<>]=?/, ''))
	if (!Number.isFinite(value)) return []
	const unit = finishUnit(reading.unit, analyte, options.source)
	return [
		{
			code: analyte.code,
			name: printedName || analyte.name,
			value,
			valueText,
			unit,
			referenceRangeMin: reading.range?.min ?? null,
			referenceRangeMax: reading.range?.max ?? null,
			referenceRangeText: reading.rangeText,
			status: gradeOrNull(options, analyte.code, value, unit, reading.range, reading.flag),
			testDate: options.testDate,
		},
	]
}

/** A loosely matched name stands when the row has a value, a range and one of the analyte's units. */
function isConfirmedByRow(reading: RowReading, analyte: Analyte): boolean {
	if (reading.valueCandidates === null || !reading.range || reading.unit === null) return false
	return analyte.units.includes(repairOcrUnit(reading.unit, analyte))
}

/** 'Blood Pressure 147/84 mmHg <120/<80' gives systolic_bp and diastolic_bp. */
function bloodPressureParameters(tokens: Token[], start: number, printedName: string, options: LabParseOptions): ExtractedParameter[] {
	const reading = readRow(tokens, start, options, null, true)
	if (!reading.bloodPressure) return []
	const unit = finishUnit(reading.unit, null, options.source)
	const bpUnit = unit && /^mm\s*h[gq9]$/i.test(unit) ? 'mmHg' : unit
	const ranges = reading.bloodPressureRange
	const make = (code: 'systolic_bp' | 'diastolic_bp', text: string, range: ReferenceRange | null): ExtractedParameter => ({
		code,
		name: printedName,
		value: Number(text),
		valueText: text,
		unit: bpUnit,
		referenceRangeMin: range?.min ?? null,
		referenceRangeMax: range?.max ?? null,
		referenceRangeText: range?.text ?? null,
		status: gradeOrNull(options, code, Number(text), bpUnit, range, reading.flag),
		testDate: options.testDate,
	})
	return [make('systolic_bp', reading.bloodPressure[0], ranges?.[0] ?? null), make('diastolic_bp', reading.bloodPressure[1], ranges?.[1] ?? null)]
}

/**
 * A row whose name the catalogue does not know, read only from a text layer
 * where columns are apart: 'Name  value  [unit]  range'. Needs a value and a
 * numeric range so that prose and headers are never taken for results.
 */
export function parseUnknownLabLine(rawLine: string, options: LabParseOptions): ExtractedParameter | null {
	if (options.source !== 'text') return null
	const columns = tidyLine(rawLine).split(/\s{2,}/)
	if (columns.length < 3) return null
	const name = columns[0].trim()
	if (!/^[A-Za-z][A-Za-z0-9 ,()\-/%.+']{1,48}$/.test(name) || name.split(' ').length > 6) return null
	if (/\b(page|dob|mrn|date|phone|tel|fax|id|patient|specimen|accession|age|sex)\b/i.test(name)) return null
	const reading = readRow(tokenize(columns.slice(1).join('  ')), 0, options, null, false)
	if (reading.valueCandidates === null || !reading.range) return null
	const valueText = reading.valueCandidates[0]
	const value = Number(valueText)
	const unit = finishUnit(reading.unit, null, options.source)
	const code = slugCode(name)
	if (!code || !Number.isFinite(value)) return null
	return {
		code,
		name,
		value,
		valueText,
		unit,
		referenceRangeMin: reading.range.min,
		referenceRangeMax: reading.range.max,
		referenceRangeText: reading.rangeText,
		status: gradeOrNull(options, code, value, unit, reading.range, reading.flag),
		testDate: options.testDate,
	}
}

/**
 * Every result row of a lab report, in reading order, one parameter per code
 * (the first row wins when a code repeats).
 */
export function extractLabValues(text: string, options: LabParseOptions): ExtractedParameter[] {
	const parameters: ExtractedParameter[] = []
	const seen = new Set<string>()
	for (const line of text.split('\n')) {
		let found = parseLabLine(line, options)
		if (found.length === 0) {
			const unknown = parseUnknownLabLine(line, options)
			if (unknown) found = [unknown]
		}
		for (const parameter of found) {
			if (seen.has(parameter.code)) continue
			seen.add(parameter.code)
			parameters.push(parameter)
		}
	}
	return parameters
}
