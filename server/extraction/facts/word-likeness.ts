/**
 * Whether a text reads as words, as a name printed on a page does, or as OCR noise ('LA CLINIQUE
 * PrOVidEnCe', 'LABORATORIES LSOTVgiCGrOMORE ASoftlogic'): a measure of the letters' shape, the
 * same for every language, not a list of names. A word is noise when:
 * - its case changes at random inside it: three case changes or more ('PrOVidEnCe', 'LSOTVgiCGrOMORE'),
 *   unless it is a compound of capitalised parts of three letters or more after its start
 *   ('PathLabs', 'LabCorp', 'DuPontLab', 'eNabız'; not 'LaBoRaToRy'); one change after a capital
 *   ('ASoftlogic', 'MyLAB') or a stray small letter in capitals ('CLiNICAS', OCR's reading of
 *   'CLÍNICAS') is not random;
 * - it holds a letter three times in a row ('Laaab'), past a short capital abbreviation (a roman 'III');
 * - it holds a run of six consonants or more, which no supported language writes (German
 *   'Deutschland' has five, Polish 'Szczecin' four), but for an abbreviation of six capitals or fewer;
 * - it has no vowel at all, four letters or more in small letters or mixed case ('Hsptl'), seven or
 *   more in capitals (an abbreviation of capitals without vowels is short: 'MVZ', 'NHS').
 * Words of scripts without case or vowels of the Latin kind (Chinese, Farsi) are not judged; words
 * of one or two letters (initials, particles) are not either.
 */

/** Vowels, their accents taken off first ('ệ' is an 'e'); Turkish ı, and æ, ø, œ too. */
const VOWEL = /[aeiouyıæøœ]/u

/** Small letters without accents. */
function fold(text: string): string {
	return text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '')
}

/** The word's letters split at marks inside it ('Saint-Yves', "d'Italia", 'S.A.'): each part is a word of its own. */
function partsOf(word: string): string[] {
	return word.split(/[-'’.·/]+/).filter((part) => part !== '')
}

/** Case changes between adjacent letters, a capital followed by a small letter at the word's start aside ('Pathology': none). */
function caseChanges(letters: string[]): number {
	let changes = 0
	for (let index = 1; index < letters.length; index++) {
		const wasUpper = isUpper(letters[index - 1])
		if (wasUpper === isUpper(letters[index])) continue
		if (index === 1 && wasUpper) continue
		changes++
	}
	return changes
}

function isUpper(letter: string): boolean {
	return letter !== letter.toLowerCase() && letter === letter.toUpperCase()
}

function isCased(letter: string): boolean {
	return letter.toLowerCase() !== letter.toUpperCase()
}

/** A start, then capitalised parts of three letters or more: 'PathLabs', 'DuPontLab', 'eNabız', 'McKinley' (not 'LaBoRaToRy'). */
const COMPOUND = /^(?:\p{Ll}+|\p{Lu}\p{Ll}*)(?:\p{Lu}\p{Ll}{2,})+$/u

/** One word (no spaces) as a word of a language, not as noise (see above). */
export function isWordLike(word: string): boolean {
	for (const part of partsOf(word)) {
		const letters = [...part].filter((character) => /\p{L}/u.test(character))
		if (letters.length <= 2 || !letters.every(isCased)) continue
		const text = letters.join('')
		const allCapitals = letters.every(isUpper)
		if (caseChanges(letters) >= 3 && !COMPOUND.test(text)) return false
		if (/(\p{L})\1\1/iu.test(text) && !(allCapitals && letters.length <= 4)) return false
		const folded = fold(text)
		if (/[^aeiouyıæøœ]{6,}/u.test(folded) && !(allCapitals && letters.length <= 6)) return false
		if (!VOWEL.test(folded) && letters.length >= (allCapitals ? 7 : 4)) return false
	}
	return true
}

/** A text (a name) whose every word reads as a word: one noisy word makes the whole noise. */
export function readsAsWords(text: string): boolean {
	return text
		.split(/\s+/)
		.filter((word) => word !== '')
		.every(isWordLike)
}
