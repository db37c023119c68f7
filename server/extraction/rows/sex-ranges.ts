import type { ReferenceRange } from '#server/lab-vocabulary/reference-range.ts'
import type { Token } from './tokens.ts'

/**
 * Ranges printed per sex in one cell ('M: 13.0-17.0  F: 12.0-15.5', 'Hombres 13 - 17 / Mujeres 12 - 15',
 * 'Männer 0,7-1,3; Frauen 0,5-1,0'): each range follows its label; the label of the patient's sex
 * (LabParseOptions.patientSex, read by facts/patient-sex.ts) picks one. Without it, the range is used
 * only where both give the value the same grade (row.ts); otherwise the value is shown with the printed
 * text and no grade. Letters alone are read as a pair: M and F (male, female), H and M (hombre/homme,
 * mujer), M and W (Männer, Weiber/Frauen), E and K (erkek, kadın), M and K (mężczyźni, kobiety).
 */

export type Sex = 'male' | 'female'
export type SexRanges = { male: ReferenceRange; female: ReferenceRange; text: string }

const MALE_WORDS = new Set(
	'male males man men masculino masculinos masc homme hommes hombre hombres varon varones mann manner maenner mannlich maennlich uomo uomini maschi maschio erkek erkekler mezczyzni mezczyzna ferfi ferfiak nam mannen'.split(
		' ',
	),
)
const FEMALE_WORDS = new Set(
	'female females woman women feminino femininos femenino fem femme femmes mujer mujeres frau frauen weiblich donna donne femmine kadin kadinlar kobiety kobieta no nok nu vrouwen'.split(
		' ',
	),
)
/** A lone letter's sex, by the other letter printed with it. */
const LETTER_PAIRS: ReadonlyArray<readonly [male: string, female: string]> = [
	['m', 'f'],
	['h', 'm'],
	['m', 'w'],
	['e', 'k'],
	['m', 'k'],
	['m', 'v'],
]

/** A word without accents, in lower case (Turkish dotless i, Polish barred l, Vietnamese barred d as their plain letters). */
export function foldSexWord(text: string): string {
	return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/ı/g, 'i').replace(/ł/g, 'l').replace(/đ/g, 'd').toLowerCase()
}

/** A token that is a sex label ('M:', '(F)', 'Women:', 'Hombres'): its folded word, else null. */
export function sexLabelOf(text: string): string | null {
	const match = /^\(?([\p{L}]+)\)?[:.]?$/u.exec(text)
	if (!match) return null
	const word = foldSexWord(match[1])
	if (word.length === 1) return LETTER_PAIRS.some((pair) => pair.includes(word)) ? word : null
	return MALE_WORDS.has(word) || FEMALE_WORDS.has(word) ? word : null
}

function sexesOf(first: string, second: string): [Sex, Sex] | null {
	const ofWord = (word: string): Sex | null => (MALE_WORDS.has(word) ? 'male' : FEMALE_WORDS.has(word) ? 'female' : null)
	if (first.length > 1 || second.length > 1) {
		const one = ofWord(first)
		const other = ofWord(second)
		return one && other && one !== other ? [one, other] : null
	}
	for (const [male, female] of LETTER_PAIRS) {
		if (first === male && second === female) return ['male', 'female']
		if (first === female && second === male) return ['female', 'male']
	}
	return null
}

type RangeAt = (tokens: Token[], index: number) => { range: ReferenceRange; text: string; consumed: number } | null

/** The tokens from `index` with a separator glued to a number split off ('1.3;' -> '1.3', ';'), and where each came from. */
function withSeparatorsApart(tokens: Token[], index: number): { local: Token[]; origin: number[] } {
	const local: Token[] = []
	const origin: number[] = []
	for (let at = index; at < Math.min(tokens.length, index + 12); at++) {
		const glued = /^(.*\d)([;,|/])$/.exec(tokens[at].text)
		if (glued) {
			local.push({ text: glued[1], gapBefore: tokens[at].gapBefore }, { text: glued[2], gapBefore: 0 })
			origin.push(at, at)
		} else {
			local.push(tokens[at])
			origin.push(at)
		}
	}
	return { local, origin }
}

/**
 * Two ranges each after its sex label from `index`, with at most a separator ('/', ';', ',', '|') between
 * them: both and the tokens they took, or null (a lone label is not a split range).
 */
export function readSexRanges(tokens: Token[], index: number, rangeAt: RangeAt): { ranges: SexRanges; consumed: number } | null {
	if (!sexLabelOf(tokens[index]?.text ?? '')) return null
	const { local, origin } = withSeparatorsApart(tokens, index)
	const first = sexLabelOf(local[0].text)!
	const firstRange = local.length > 1 ? rangeAt(local, 1) : null
	if (!firstRange) return null
	let next = 1 + firstRange.consumed
	if (/^[/;,|]$/.test(local[next]?.text ?? '')) next++
	const second = sexLabelOf(local[next]?.text ?? '')
	if (!second || next + 1 >= local.length) return null
	const secondRange = rangeAt(local, next + 1)
	if (!secondRange) return null
	const sexes = sexesOf(first, second)
	if (!sexes) return null
	const end = next + 1 + secondRange.consumed
	const text = `${local[0].text} ${firstRange.text} ${local[next].text} ${secondRange.text}`
	const [one, other] = sexes
	const bySex = { [one]: firstRange.range, [other]: secondRange.range } as Record<Sex, ReferenceRange>
	return { ranges: { male: bySex.male, female: bySex.female, text }, consumed: origin[end - 1] - index + 1 }
}

function gradeIn(value: number, range: ReferenceRange): 'low' | 'normal' | 'high' {
	if (range.min !== null && value < range.min) return 'low'
	if (range.max !== null && value > range.max) return 'high'
	return 'normal'
}

/** Without the patient's sex: the range to grade by when both give the value the same grade, else none. */
export function rangeBothSexesAgreeOn(value: number, ranges: SexRanges): ReferenceRange | null {
	return gradeIn(value, ranges.male) === gradeIn(value, ranges.female) ? ranges.male : null
}
