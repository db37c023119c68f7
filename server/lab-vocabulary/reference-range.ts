import { toUcum } from './ucum.ts'

/**
 * Reference ranges as printed on lab reports, in any of the report languages: two bounds joined
 * by a dash, a tilde or a word ('A-B', 'A ~ B', 'A to B', '4,00 a 5,50', '13,0 à 17,0', '10 bis 20',
 * '0,5 до 1,2', 'de 4 a 10', 'entre 4,0 e 5,5', 'od 4 do 10'), and one bound by a sign or a word
 * ('<X', '<=X', '>X', '>=X', the symbols ≤ ≥, 'up to X', 'até X', 'Inf à X', 'menor que X',
 * 'kleiner als X', 'Sup à X', 'mayor que X', 'min. X'). The manifest convention: '<X' and '<=X' give
 * only a maximum, '>X' and '>=X' only a minimum.
 */

export type ReferenceRange = {
	min: number | null
	max: number | null
	/** the range as printed, tidied (one spacing style kept) */
	text: string
}

const NUMBER = String.raw`(\d+(?:\.\d+)?|\.\d+)`

/** A bound that may carry a sign ('-2.0 - +3.0', base excess): only in a two-sided range. */
const SIGNED = String.raw`([-+]?(?:\d+(?:\.\d+)?|\.\d+))`
/**
 * What joins two bounds, in the report languages: a dash, a tilde (full-width too), two dots, or a
 * word ('to', 'a', 'à', 'bis', 'до', 'do', 'e', 'and', 'und', 'et', 'y', 've', 'ile', 'tot', 'al', 'đến',
 * 'تا', '至'); a word opening the range ('from', 'de', 'desde', 'von', 'od', 'entre', 'between', 'da',
 * 'du', 'от', 'từ', 'از') is read past.
 */
const JOINER = String.raw`(?:-|~|～|〜|\.\.|…|to|a|à|bis|до|do|e|and|und|et|y|ve|ile|tot|al|đến|تا|至)`
const OPENER = String.raw`(?:(?:from|de|desde|von|od|entre|between|da|du|от|từ|از)\s+)?`
const BETWEEN = new RegExp(String.raw`^${OPENER}${SIGNED}\s*${JOINER}\s*${SIGNED}$`, 'iu')
/** Two bounds joined by a doubled dash ('5.4--8.4'), read when the single dash gives none ('-3--1' stays -3 to -1). */
const BETWEEN_DOUBLE_DASH = new RegExp(String.raw`^${SIGNED}\s*--\s*${NUMBER}$`)
/** A maximum by a sign or a word, in the report languages ('up to', 'até', 'Inf à', 'menor que', 'kleiner als', 'do', 'до', 'dưới'). */
const BELOW = new RegExp(
	String.raw`^(?:<|<=|less than|up to|upto|under|below|max\.?|maximum|até|ate|menor que|menor de|menos de|inferior a|bis|unter|kleiner als|jusqu'à|inf\.?\s*à|inf\.?\s*a|inférieur à|inferieur a|hasta|fino a|inferiore a|do|до|dưới|nhỏ hơn)\s*${NUMBER}$`,
	'iu',
)
/** A minimum by a sign or a word ('at least', 'acima de', 'Sup à', 'mayor que', 'größer als', 'min.', 'od', 'от', 'trên'). */
const ABOVE = new RegExp(
	String.raw`^(?:>|>=|greater than|at least|more than|above|over|min\.?|minimum|acima de|maior que|mais de|superior a|mayor que|mayor de|más de|über|größer als|sup\.?\s*à|sup\.?\s*a|supérieur à|superieur a|superiore a|oltre|od|от|trên|lớn hơn)\s*${NUMBER}$`,
	'iu',
)
/** A label before the range ('Normal:', 'Desirable:', 'Goal', 'Ref.'). */
const LEADING_LABEL =
	/^(?:(?:normal|desirable|optimal|reference|ref\.?|range|goal|target|adult|adults|male|female|men|women|m|f)\b[\s.]*)+:?\s*|^[A-Za-z][A-Za-z .]{0,24}:\s*/i
/** A note after the range ('(M)', '(adult)'). */
const TRAILING_NOTE = /\s*\((?:m|f|male|female|men|women|adult|adults)\)$/i

/** Unifies dashes, comparison symbols and decimal commas before matching. */
export function tidyRangeText(text: string): string {
	return text
		.trim()
		.replace(/[\u2010-\u2015\u2212]/g, '-')
		.replace(/≤|=<|<\s*or\s*=/gi, '<=')
		.replace(/≥|=>|>\s*or\s*=/gi, '>=')
		.replace(/(\d),(\d)/g, '$1.$2')
		.replace(/\s+/g, ' ')
}

function toNumber(text: string): number {
	return Number(text.replace(/^([-+]?)\./, '$10.'))
}

/**
 * The range without what surrounds it on reports: brackets or parentheses
 * ('[3.0-22.0]', '(< 5.0)'), a label ('Normal: 13.5-18.0', 'Goal <200'), a
 * sex note ('>40 (M)'), a trailing unit ('0.1 - 1.2 mg/dl', '40-65%', '<3/HPF').
 */
function stripRangeDecorations(text: string): string {
	const unwrap = (value: string) => /^[([{]\s*(.*?)\s*[)\]}]$/.exec(value)?.[1] ?? value
	let stripped = unwrap(unwrap(text).replace(TRAILING_NOTE, '').replace(LEADING_LABEL, ''))
	stripped = stripped.replace(/(\d)\s*%$/, '$1')
	// two bounds joined by a word ('4.00 a 5.50'): the word is no unit ('a' is UCUM's year)
	if (BETWEEN.test(stripped)) return stripped
	// a unit after the number, spaced or glued on by its slash ('<3/HPF', '0-5/uL', '150-450/uL')
	const unit = /^(.*\d)\s+([^\d\s].*)$/.exec(stripped) ?? /^(.*\d)(\/[^\d\s].*)$/.exec(stripped)
	if (unit && toUcum(unit[2].replace(/\s+/g, '')) !== null) stripped = unit[1]
	return stripped.trim()
}

/** The range a printed text stands for, or null when it is not a numeric range. */
export function parseReferenceRange(printed: string): ReferenceRange | null {
	const tidy = tidyRangeText(printed)
	if (!tidy) return null
	const text = stripRangeDecorations(tidy)
	let match = BETWEEN.exec(text)
	if (match && toNumber(match[1]) > toNumber(match[2])) match = BETWEEN_DOUBLE_DASH.exec(text)
	else match ??= BETWEEN_DOUBLE_DASH.exec(text)
	if (match) {
		const min = toNumber(match[1])
		const max = toNumber(match[2])
		if (min > max) return null
		return { min, max, text: tidy }
	}
	match = BELOW.exec(text)
	if (match) return { min: null, max: toNumber(match[1]), text: tidy }
	match = ABOVE.exec(text)
	if (match) return { min: toNumber(match[1]), max: null, text: tidy }
	return null
}

/**
 * A blood-pressure range printed as one field, '<120/<80' or '90-120/60-80':
 * the systolic and the diastolic part.
 */
export function parseBloodPressureRange(printed: string): [ReferenceRange, ReferenceRange] | null {
	const text = tidyRangeText(printed)
	const parts = text.split('/')
	if (parts.length !== 2) return null
	const systolic = parseReferenceRange(parts[0])
	const diastolic = parseReferenceRange(parts[1])
	return systolic && diastolic ? [systolic, diastolic] : null
}

/** Does the text stand for 'no range printed' (an em dash, 'N/A', blank)? */
export function isNoRangeMarker(printed: string): boolean {
	return /^(?:[-\u2010-\u2015]|n\/?a|none|)$/i.test(printed.trim())
}
