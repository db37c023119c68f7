import type { ReportLanguageCode } from '../ocr/language.ts'

/**
 * Words of organisations' names with their accents, per report language: OCR whose alphabet has
 * none (PaddleOCR's) reads 'ANÁLISES CLÍNICAS' as 'ANALISES CLINICAS'. Only words whose unaccented
 * spelling is not itself a word of that language (Spanish 'laboratorio' and Italian 'clinica'
 * have no accent, Portuguese 'laboratório' has): a name's other words are left as read.
 */
/** Spelled alike in Portuguese and Spanish. */
const IBERIAN = [
	'clínica',
	'clínicas',
	'clínico',
	'clínicos',
	'diagnóstico',
	'diagnósticos',
	'médica',
	'médicas',
	'médico',
	'médicos',
	'patológica',
	'patológico',
	'radiológica',
]

const ACCENTED: Partial<Record<ReportLanguageCode, readonly string[]>> = {
	por: [...IBERIAN, 'laboratório', 'laboratórios', 'análise', 'análises', 'patológicas', 'ciências', 'saúde', 'são'],
	spa: [...IBERIAN, 'análisis', 'radiológico', 'biológico', 'biológicos'],
	fra: ['hôpital', 'médical', 'médicale', 'médicales', 'médicaux', 'santé', 'génétique'],
}

const unaccented = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '')

const TABLES = new Map(Object.entries(ACCENTED).map(([language, words]) => [language, new Map(words.map((word) => [unaccented(word), word]))] as const))

/** The word's accented spelling in its case: capitals (OCR's stray small letter among them too: 'CLiNICAS'), an initial capital, or small letters. */
function inCaseOf(read: string, accented: string): string {
	const small = [...read].filter((letter) => letter !== letter.toUpperCase()).length
	if (small <= (read.length > 4 ? 1 : 0)) return accented.toUpperCase()
	if (read[0] === read[0].toUpperCase()) return accented[0].toUpperCase() + accented.slice(1)
	return accented
}

/** The words of a text written with marks, by their letters without marks in small letters ('alamos' -> 'Álamos'). */
function markedWords(text: string): Map<string, string> {
	const words = new Map<string, string>()
	for (const [word] of text.matchAll(/\p{L}+/gu)) {
		const plain = unaccented(word).toLowerCase()
		if (plain !== word.toLowerCase() && !words.has(plain)) words.set(plain, word.toLowerCase())
	}
	return words
}

/**
 * A name read without accents given them back: a word the document itself writes with marks
 * elsewhere (another OCR reading, an address: 'Av. Los Álamos') takes that spelling; else an
 * organisation word takes its spelling in the document's language ('Analises Clinicas' ->
 * 'Análises Clínicas'). A word read with marks is kept as read.
 */
export function withAccents(name: string, language: ReportLanguageCode | null, documentText = ''): string {
	const table = language ? TABLES.get(language) : undefined
	const spelled = markedWords(documentText)
	return name.replace(/\p{L}+/gu, (word) => {
		const plain = word.toLowerCase()
		if (unaccented(word) !== word) return word
		const accented = spelled.get(plain) ?? table?.get(plain)
		return accented ? inCaseOf(word, accented) : word
	})
}
