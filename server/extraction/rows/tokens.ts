import { toUcum } from '#server/lab-vocabulary/ucum.ts'
import { isRepairableOcrUnit } from './units.ts'
import { type LabParseOptions, type LabTextSource } from './options.ts'

/**
 * Words to tokens (the row reader's first stage, rows/README.md): a line tidied (dashes, full-width
 * forms, numbers' thousands separators and decimal commas), cut at spaces into tokens with the gap
 * before each (two spaces or more is a column break where the layout keeps them), with glued signs
 * and names split and spaced units joined; OCR's stray marks dropped and split words joined. The
 * kinds a token may be (a flag, a value with its flag or unit, a plain number) are named here.
 */

export type Token = { text: string; gapBefore: number }

export const FLAG_WORDS = new Set([
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

export const FLAG_PHRASE = /^(?:above|below|in|within|out\s+of)\s+range$/i

export const NOISE_WORDS = new Set(['final', 'prelim', 'preliminary', 'corrected', 'amended', 'pending', 'result', 'results'])

export const VALUE_WITH_FLAG = /^(\d+(?:\.\d+)?)(HH|LL|H|L|A|\*{1,2})$/

/**
 * A flag printed against the front of its value ('L2.5', 'H10.9', 'L-1.6', 'H+99.4', 'P3.5' for a panic
 * value, '↑12'): capital H, L or P, never read as a digit, with the marks that strengthen it.
 */
export const FLAG_WITH_VALUE = /^((?:HH|LL|H|L|P)(?:\+{1,2}|\*{1,2}|!)?|[↑↓])(-?\d+(?:\.\d+)?)\**$/

export const VALUE_WITH_UNIT = /^(\d+(?:\.\d+)?)(%|[a-zA-Z°µ][a-zA-Z0-9/^°µ.²]*)$/

export const PLAIN_NUMBER = /^\d+(?:\.\d+)?$/

export const BLOOD_PRESSURE_VALUE = /^(\d{2,3})\/(\d{2,3})$/

const UNSPACED_NAME_WITH_BRACKET = /^([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+)(\([^()]+\).*)$/u

export function tokenize(line: string, source: LabTextSource): Token[] {
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
export function isJunkToken(text: string): boolean {
	return text !== '-' && text !== '—' && text !== '*' && /^[|:;.,'"`~_=+\-—–‘’“”»«(){}[\]\\/*•·°^]+$/.test(text)
}

export function tidyLine(line: string, decimalComma = false): string {
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
 * into points where the document writes them ('5,9'), and, on any page, a
 * comma before one or two digits ('0,3').
 */
export function normaliseNumbers(line: string, decimalComma: boolean): string {
	if (decimalComma) {
		return line
			.replace(/(?<![\d.,])(\d{1,3})((?:\.\d{3})+)(?![\d.,]*\d)/g, (_, head: string, groups: string) => head + groups.replace(/\./g, ''))
			.replace(/(?<=\d),(?=\d)/g, '.')
	}
	return (
		line
			.replace(/(?<![\d.,])(\d{1,3})((?:,\d{3})+)(?![\d,]*\d)(?!\.\d*,)/g, (_, head: string, groups: string) => head + groups.replace(/,/g, ''))
			// a comma before one or two digits is a decimal comma wherever it is printed: no thousands group has fewer than three
			// (a page of decimal points may print a range '0,3 - 1,5' with commas, as a machine's printout beside a typed form)
			.replace(/(?<![\d.,])(\d{1,3}),(\d{1,2})(?![\d.,])/g, '$1.$2')
	)
}

/** Does the text write decimal commas ('5,9', '13,5 - 17,5') more often than decimal points? */
export function writesDecimalCommas(text: string): boolean {
	const commas = text.match(/(?<![\d.,])\d{1,3},\d{1,2}(?![\d,.])/g)?.length ?? 0
	const points = text.match(/(?<![\d.,])\d{1,3}\.\d{1,2}(?![\d,.])/g)?.length ?? 0
	return commas > points
}

/** The tokens of a line, tidied; OCR's stray marks before words dropped. */
export function lineTokens(rawLine: string, options: LabParseOptions): Token[] {
	const line = tidyLine(rawLine, options.decimalComma)
	if (!line) return []
	let tokens = tokenize(line, options.source)
	if (options.source === 'ocr') {
		tokens = tokens
			// a bracket glued before 'U/' is a misread I ('[U/ml': IU/mL), not a table rule
			// a UCUM code printed whole in its brackets ('[pH]', '[IU]/L') keeps them
			.map((token) =>
				/^\[[A-Za-z_]{2,}\]/.test(token.text) && toUcum(token.text) !== null
					? token
					: { ...token, text: token.text.replace(/^\[(?=U\/)/i, 'I').replace(/^[|{}[\]'"`‘’“”]+(?=[A-Za-z0-9<>])/, '') },
			)
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
export const MAX_LINE_TOKENS = 400
