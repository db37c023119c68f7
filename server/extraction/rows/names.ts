import {
	type Analyte,
	type AnalyteMatch,
	MAX_ALIAS_WORDS,
	lookupAbbreviatedName,
	lookupAnalyteName,
	lookupAnalyteNameApproximately,
	lookupAnalyteNameLoosely,
} from '#server/lab-vocabulary/analytes.ts'
import { looksLikeUnit } from './units.ts'
import { FLAG_WORDS, NOISE_WORDS, type Token, isJunkToken } from './tokens.ts'
import { type LabParseOptions, type LabTextSource, hasColumnGaps } from './options.ts'

/**
 * Name candidates (the row reader's second stage, rows/README.md): the analyte a row's first
 * words name, the longest alias winning (OCR: a letter or two misread, then loosely), the words
 * that qualify the name, and the analytes an abbreviated or cut-off name cell may stand for.
 * Reads no cells: which candidate a row is, its cells tell (analyte.ts).
 */

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

/** isLoose: an OCR name matched loosely, kept only when value, range and unit confirm it */
export type NameMatch = { match: AnalyteMatch; consumed: number; isLoose?: boolean }

/** An abbreviated name cell: the analytes it may stand for, and the tokens it takes. */
export type AbbreviatedName = { analytes: Analyte[]; consumed: number }

/** The analyte named at the start of the row, the longest alias winning. */
export function matchName(tokens: Token[], source: LabTextSource, columnGaps = source === 'text'): NameMatch | null {
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
export function skipNameQualifiers(tokens: Token[], start: number, columnGaps: boolean): { index: number; unit: string | null } {
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

/**
 * Marks a text layer prints before a name (an icon font's letters beside a critical row, a bullet,
 * a row number: 'n 1 nn Troponin I  52.4', '3  Glucose  92'): up to three tokens of one or two
 * letters, digits or bullets, none a name itself, before a name matched as printed. How many to
 * skip, or 0. Not for OCR, whose stray marks are read apart (lineTokens).
 */
export function leadingMarks(tokens: Token[], options: LabParseOptions): number {
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
export function isSentence(tokens: Token[]): boolean {
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
 * 'Eritrosit' of 'Eritrosit Dağ. Gen. Yüzdesi' is the red cell count): the analytes whose names the
 * words begin (lookupAbbreviatedName), and the tokens the cell takes. Which one it is, the row's unit
 * tells (chooseAbbreviatedName).
 */
export function abbreviatedNameCandidates(tokens: Token[], exact: NameMatch | null, options: LabParseOptions): AbbreviatedName | null {
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
	const analytes = lookupAbbreviatedName(name)
	return analytes.length === 0 ? null : { analytes, consumed: cell }
}
