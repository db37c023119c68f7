import { findAnalyteByCode, lookupAnalyteName } from '#server/lab-vocabulary/analytes.ts'
import { parseBloodPressureRange, parseReferenceRange } from '#server/lab-vocabulary/reference-range.ts'
import { type ExtractedParameter, type UnmappedResult } from '../types.ts'
import { findDates } from '../facts/document-date.ts'
import { unitQualifierLength } from '#server/lab-vocabulary/ucum.ts'
import { type Box } from '../pages/word-boxes.ts'
import { readTables, rowLines } from './table-reader.ts'
import { isSamePrintedRow } from './same-analyte.ts'
import { looksLikeUnit } from './units.ts'
import { abbreviatedNameCandidates, isSentence, leadingMarks, matchName, skipNameQualifiers } from './names.ts'
import { FLAG_WORDS, MAX_LINE_TOKENS, type Token, lineTokens, tidyLine } from './tokens.ts'
import { type LabParseOptions, hasColumnGaps } from './options.ts'
import { bloodPressureParameters, parameterOf, parseUnknownLabLine, readParameter, secondPairOfRow } from './row.ts'
import { chooseAbbreviatedName } from './analyte.ts'
import { hasSeveralResultColumns, isNewestColumnUnread, newestColumnOnly } from './cells.ts'

/**
 * Result rows of lab reports (and vital signs of clinical notes) as health parameters: the last
 * stage of the row reader, the lines. The chain runs one way (rows/README.md):
 * words -> tokens (tokens.ts) -> name candidates (names.ts) -> cells (cells.ts) -> analyte
 * (analyte.ts) -> row (row.ts) -> lines (here). A line is read left to right, one row at a time
 * (a table beside another, a column after a note); lines are paired where a row spans two (a
 * name wrapped, a range under its result, cards).
 */

export type { LabParseOptions, LabTextSource } from './options.ts'
export { normaliseNumbers, writesDecimalCommas } from './tokens.ts'
export { parseUnknownLabLine } from './row.ts'

/** Reads one line: zero parameters, one, or two for a blood-pressure reading; several when tables sit side by side. */
export function parseLabLine(rawLine: string, options: LabParseOptions): ExtractedParameter[] {
	const tokens = lineTokens(rawLine, options)
	return tokens.length > MAX_LINE_TOKENS ? [] : parseLabTokens(tokens, options)
}

function parseLabTokens(allTokens: Token[], options: LabParseOptions): ExtractedParameter[] {
	const parameters: ExtractedParameter[] = []
	for (let tokens = allTokens; tokens.length >= 2;) {
		const row = readLeadingRow(tokens, options)
		parameters.push(...row.parameters)
		tokens = row.rest
	}
	return parameters
}

/**
 * The row that opens a line's tokens, and the tokens after it: the next row of a table beside
 * this one, the line with a text layer's leading marks set aside, or the line's next column when
 * its first is words but no result (laterColumn). Nothing is read again: the line is read left to
 * right, one row at a time (parseLabTokens).
 */
function readLeadingRow(allTokens: Token[], options: LabParseOptions): { parameters: ExtractedParameter[]; rest: Token[] } {
	const none = { parameters: [], rest: [] }
	const exact = matchName(allTokens, options.source, hasColumnGaps(options))
	const abbreviated = abbreviatedNameCandidates(allTokens, exact, options)
	const named = (abbreviated && chooseAbbreviatedName(abbreviated, allTokens, exact, options)) ?? exact
	if (!named) {
		const marks = leadingMarks(allTokens, options)
		if (marks > 0) return { parameters: [], rest: [{ ...allTokens[marks], gapBefore: 0 }, ...allTokens.slice(marks + 1)] }
		return { parameters: [], rest: laterColumn(allTokens, options) }
	}
	const qualifiers = skipNameQualifiers(allTokens, named.consumed, hasColumnGaps(options))
	const start = qualifiers.index
	if (isSentence(allTokens.slice(start))) return none
	const tokens = options.dateColumns ? newestColumnOnly(allTokens, start, options.dateColumns) : allTokens
	if (tokens === null) return none
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
	const rest = next === null ? [] : tokens.slice(next)
	if (named.match.kind === 'blood_pressure') return { parameters: bloodPressureParameters(own, start, printedName, options), rest }
	const read = readParameter(own, start, printedName, named, qualifiers.unit, options)
	// OCR: a cumulative row whose newest result may be the one not read
	const isNewestUnknown =
		options.source === 'ocr' && (options.dateColumns ? isNewestColumnUnread(allTokens, start, options.dateColumns) : hasSeveralResultColumns(own, start))
	const found = read && isNewestUnknown ? { ...read, hasSeveralResults: true } : read
	const pair = found ? secondPairOfRow(own, start, found, printedName, options) : null
	return { parameters: found ? [found, ...(pair ? [pair] : [])] : [], rest }
}

/**
 * A line whose first column is words but no result (a note: 'All values
 * within normal limits     Total cholesterol 240 mg/dL'): the tokens of its
 * next column on, to be read. Only where gaps are column breaks; a first
 * column of OCR marks is not a column of words.
 */
function laterColumn(tokens: Token[], options: LabParseOptions): Token[] {
	if (!hasColumnGaps(options)) return []
	const column = tokens.findIndex((token, index) => index > 0 && token.gapBefore >= 2)
	const isWords = column >= 2 && tokens.slice(0, column).every((token) => /\p{L}{2}/u.test(token.text))
	return isWords ? tokens.slice(column) : []
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
		// a name whose cell ends unfinished ('HEPATITIS B SURFACE ANTIGEN; HBsAg,') goes on under it ('QUANTITATIVE')
		const { cell } = firstCell(line)
		if (found.length === 1 && hasColumnGaps(options) && /[,;/&-]$/.test(cell.trim()) && isNameContinuation(next)) {
			found = [{ ...found[0], name: `${cell.trim()} ${next.trim()}` }]
			add(withRangeBelow(found, lines[index + 2] ?? '', options))
			index++
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
 * value the other reading gives with other digits (in the same unit), or a repaired value it gives
 * otherwise, carries the other value: one of the two misread a digit, and plausibility.ts keeps it to check unless the analyte's usual interval
 * and the printed range both agree with the value kept.
 */
export function withOtherReading(parameters: ExtractedParameter[], otherReading: string, options: LabParseOptions): ExtractedParameter[] {
	const other = new Map<string, ExtractedParameter>()
	for (const parameter of extractLabResults(otherReading, options).parameters) if (!other.has(parameter.code)) other.set(parameter.code, parameter)
	return parameters.map((parameter) => {
		const read = other.get(parameter.code)
		return read &&
			read.value !== parameter.value &&
			isSameUnitText(read.unit, parameter.unit) &&
			(parameter.isValueRepaired || !isSameDigits(read.valueText, parameter.valueText))
			? { ...parameter, otherReadingValueText: read.valueText }
			: parameter
	})
}

/**
 * The same digits in the same order, a decimal point apart ('3.5' and '35'): the reading kept saw the point
 * the other lost, which is not a digit in doubt (unless the kept one inferred it: isValueRepaired).
 */
function isSameDigits(one: string, other: string): boolean {
	const digits = (text: string) => text.replace(/\D/g, '').replace(/^0+/, '')
	return digits(one) === digits(other)
}

/** Two readings' units, the same where both were read (a unit one reading missed does not make the value another). */
function isSameUnitText(one: string | null, other: string | null): boolean {
	const fold = (unit: string | null) => unit?.replace(/\s+/g, '').toLowerCase() || null
	return fold(one) === null || fold(other) === null || fold(one) === fold(other)
}

/** The mapped result rows of a text (see extractLabResults). */
export function extractLabValues(text: string, options: LabParseOptions): ExtractedParameter[] {
	return extractLabResults(text, options).parameters
}
