/**
 * Numbers read by OCR: letters that stand for digits in a numeric column
 * ('O' for 0, 'l' or 'I' for 1, 'S' for 5, 'B' for 8), decimal commas and a
 * decimal point lost between digits.
 */

const DIGIT_LOOKALIKES: Record<string, string> = {
	O: '0',
	o: '0',
	Q: '0',
	D: '0',
	U: '0',
	l: '1',
	I: '1',
	i: '1',
	'|': '1',
	'!': '1',
	']': '1',
	'[': '1',
	L: '1',
	j: '1',
	S: '5',
	s: '5',
	$: '5',
	B: '8',
	Z: '2',
	z: '2',
	g: '9',
	q: '9',
	G: '6',
	b: '6',
	A: '4',
	T: '7',
}

const PLAIN_NUMBER = /^\d+(?:\.\d+)?$/

/**
 * A numeric token with OCR look-alikes replaced, or null when it is not a
 * number. Needs at least one real digit, and more digits than look-alikes.
 */
export function repairOcrNumber(token: string): string | null {
	let text = token.replace(/^[([{'"`‘’“”]+|[)\]}'"`‘’“”,:;°]+$/g, '').replace(/(\d),(\d)/g, '$1.$2')
	if (text.endsWith('.') && /\d\.$/.test(text)) text = text.slice(0, -1)
	if (PLAIN_NUMBER.test(text)) return text
	if (!/\d/.test(text)) return null
	let replaced = 0
	let digits = 0
	let out = ''
	for (const char of text) {
		if (/\d/.test(char)) {
			digits++
			out += char
		} else if (char === '.') {
			out += char
		} else if (DIGIT_LOOKALIKES[char]) {
			replaced++
			out += DIGIT_LOOKALIKES[char]
		} else {
			return null
		}
	}
	if (replaced === 0 || replaced > digits) return null
	return PLAIN_NUMBER.test(out) ? out : null
}

function decimals(value: number | null): number {
	if (value === null) return 0
	const text = String(value)
	const dot = text.indexOf('.')
	return dot < 0 ? 0 : text.length - dot - 1
}

/**
 * An OCR value that lost its decimal point ('104' for '10.4'): when the
 * printed digits are implausible for the analyte or far outside the range,
 * and putting the point where the range's own numbers have it gives a value
 * near the range, that value. Returns null when no repair is convincing.
 */
export function restoreDecimalPoint(input: {
	valueText: string
	rangeTexts: string[]
	min: number | null
	max: number | null
	plausible?: readonly [number, number]
}): string | null {
	const { valueText, min, max, plausible } = input
	if (!/^\d{2,5}$/.test(valueText)) return null
	const value = Number(valueText)
	const reference = max ?? min
	const isImplausible = plausible ? value > plausible[1] : false
	const isFarAbove = reference !== null && value > reference * 4
	if (!isImplausible && !isFarAbove) return null
	const places = Math.max(...input.rangeTexts.map((text) => /\.(\d+)/.exec(text)?.[1].length ?? 0), decimals(min), decimals(max))
	const tries = places > 0 ? [places, 1, 2] : [1, 2]
	for (const place of tries) {
		if (place >= valueText.length) continue
		const candidate = `${valueText.slice(0, valueText.length - place)}.${valueText.slice(valueText.length - place)}`
		const number = Number(candidate)
		if (plausible && (number < plausible[0] || number > plausible[1])) continue
		if (reference === null) return candidate
		const low = (min ?? reference) / 3
		const high = (max ?? reference) * 3
		if (number >= low && number <= high) return candidate
	}
	return null
}

/**
 * The readings an OCR'd value token may stand for, most likely first:
 * '1O4' -> ['104'], '32:7' -> ['32.7', '327'], '7%5' -> ['7.5', '75'].
 */
export function ocrNumberCandidates(token: string): string[] {
	const candidates: string[] = []
	const repaired = repairOcrNumber(token)
	if (repaired !== null) candidates.push(repaired)
	const split = /^(\d+)[^\d\s.](\d+)$/.exec(token.replace(/[.,:;'"°]+$/, ''))
	if (split) candidates.push(`${split[1]}.${split[2]}`, `${split[1]}${split[2]}`)
	return [...new Set(candidates)]
}

/**
 * A range read by OCR whose upper bound lost its decimal point ('3.5-53'
 * for '3.5-5.3'): the bounds with the point restored, or null.
 */
export function restoreRangeDecimal(min: string, max: string): string | null {
	const places = /\.(\d+)$/.exec(min)?.[1].length ?? 0
	if (places === 0 || !/^\d{2,4}$/.test(max)) return null
	if (places >= max.length) return null
	const restored = `${max.slice(0, max.length - places)}.${max.slice(max.length - places)}`
	return Number(restored) > Number(min) ? restored : null
}
