/**
 * Reference ranges as printed on lab reports: 'A-B', 'A - B', '<X', '<=X',
 * '>X', '>=X' (and the symbols ≤ ≥, 'A to B'). The manifest convention:
 * '<X' and '<=X' give only a maximum, '>X' and '>=X' only a minimum.
 */

export type ReferenceRange = {
	min: number | null
	max: number | null
	/** the range as printed, tidied (one spacing style kept) */
	text: string
}

const NUMBER = String.raw`(\d+(?:\.\d+)?|\.\d+)`

const BETWEEN = new RegExp(String.raw`^${NUMBER}\s*(?:-|to)\s*${NUMBER}$`, 'i')
const BELOW = new RegExp(String.raw`^(?:<|<=|less than|up to)\s*${NUMBER}$`, 'i')
const ABOVE = new RegExp(String.raw`^(?:>|>=|greater than|at least)\s*${NUMBER}$`, 'i')

/** Unifies dashes, comparison symbols and decimal commas before matching. */
export function tidyRangeText(text: string): string {
	return text
		.trim()
		.replace(/[\u2010-\u2015\u2212]/g, '-')
		.replace(/≤|=</g, '<=')
		.replace(/≥|=>/g, '>=')
		.replace(/(\d),(\d)/g, '$1.$2')
		.replace(/\s+/g, ' ')
}

function toNumber(text: string): number {
	return Number(text.startsWith('.') ? `0${text}` : text)
}

/** The range a printed text stands for, or null when it is not a numeric range. */
export function parseReferenceRange(printed: string): ReferenceRange | null {
	const text = tidyRangeText(printed)
	if (!text) return null
	let match = BETWEEN.exec(text)
	if (match) {
		const min = toNumber(match[1])
		const max = toNumber(match[2])
		if (min > max) return null
		return { min, max, text }
	}
	match = BELOW.exec(text)
	if (match) return { min: null, max: toNumber(match[1]), text }
	match = ABOVE.exec(text)
	if (match) return { min: toNumber(match[1]), max: null, text }
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
