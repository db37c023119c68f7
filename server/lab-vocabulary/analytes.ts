import { editDistanceAtMost } from './edit-distance.ts'
import { remembered } from './remembered.ts'
import analyteCatalogue from './analytes.json' with { type: 'json' }

/**
 * The vocabulary of health parameters: for each analyte its canonical code
 * (lower snake case, the health-analytics domain keys trends on it), LOINC
 * code, display name, the names reports print for it (English, and the
 * labels of German, French, Spanish, Italian, Portuguese, Turkish,
 * Polish and Chinese (simplified) reports), its UCUM unit and the unit spellings seen on reports, the molar
 * mass that lets UCUM convert between conventional and SI units, and a
 * physiologically plausible span (used to repair OCR misreadings such as a
 * dropped decimal point). Critical values: shared/critical-values.ts. A printed name that is not
 * here stays unmapped: it never gets an invented code.
 */

export type AnalyteCategory =
	| 'chemistry'
	| 'hematology'
	| 'differential'
	| 'lipids'
	| 'diabetes'
	| 'endocrine'
	| 'liver'
	| 'iron'
	| 'vitamins'
	| 'inflammation'
	| 'coagulation'
	| 'serology'
	| 'urinalysis'
	| 'vitals'
	| 'other'

export type { CriticalThreshold } from './shared/critical-values.ts'

export type ReportLanguage = 'de' | 'fr' | 'es' | 'it' | 'pt' | 'tr' | 'pl' | 'zh'

export type Analyte = {
	code: string
	name: string
	category: AnalyteCategory
	/** LOINC code of the usual (mass or count) measurement; null where no single code fits */
	loinc: string | null
	/** LOINC code when the unit is a substance (molar) concentration */
	loincMolar?: string
	/** LOINC codes for printed names holding a word ('fasting', 'jejum', 'bicarbonate'), by normalised word: [usual, molar] */
	loincByWord?: Readonly<Record<string, readonly [string, string?]>>
	/** the UCUM unit results are compared and converted in */
	ucum: string | null
	/** g/mol, for UCUM conversions between mass and substance concentrations (mg/dL <-> mmol/L) */
	molarMass?: number
	/** English names as printed on reports; compared after normaliseAnalyteName */
	aliases: readonly string[]
	/** names printed on reports in other languages */
	labels?: Readonly<Partial<Record<ReportLanguage, readonly string[]>>>
	/** unit spellings seen on reports; the first is the default */
	units: readonly string[]
	/** values outside this span are taken for misreadings */
	plausible?: readonly [number, number]
	/**
	 * Another analyte the same printed name stands for on a document that
	 * also reads one of the `when` codes: a bare 'pH' is the urine's, but the
	 * blood's beside pCO2 and pO2 (see analyteInContext).
	 */
	inContextOf?: { code: string; when: readonly string[] }
	/**
	 * Another analyte the same printed name stands for when its unit is one of
	 * `units`: a bare 'T4' in ng/dL or pmol/L is the free thyroxine, in ug/dL
	 * the total (lab-values.ts analyteByUnit).
	 */
	inUnitsOf?: { code: string; units: readonly string[] }
}

/** Spellings of 10^3 per microlitre (cell counts). */
export { THOUSANDS_PER_UL } from './shared/critical-values.ts'
/** Spellings of 10^6 per microlitre (red cell counts). */
export const MILLIONS_PER_UL = [
	'M/uL',
	'x10^6/uL',
	'10^6/uL',
	'x10E6/uL',
	'10*6/uL',
	'x10*6/uL',
	'x10(6)/uL',
	'10^12/L',
	'x10^12/L',
	'mill/uL',
	'M/mcL',
	'M/µL',
	'Million/uL',
	'mill/cumm',
	'Mil/cu.mm',
	'x10^6/µL',
	'Mio/µl',
	'/pl',
	'T/L',
	'Milyon/µL',
	'milhões/mm3',
	'Million/cmm',
	'mln/µl',
	'mln/ul',
	'mln./µl',
] as const
/** Cell counts per cubic millimetre (= per microlitre), printed with thousands separators. */
export const PER_CUBIC_MM = ['/cumm', 'cells/cumm', 'cumm', 'cells/mcL', 'cells/uL', '/uL', '/mm3', 'cells/cmm'] as const

/**
 * The catalogue itself is data: vocabulary/analytes.json, one analyte per line (the fields of
 * `Analyte` above). analytes.test.ts checks its shape: unique codes, names that map to one analyte,
 * LOINC check digits, plausible spans.
 */
export const ANALYTES: readonly Analyte[] = analyteCatalogue as unknown as readonly Analyte[]

/** Every canonical code, in catalogue order. */
export const ANALYTE_CODES: readonly string[] = ANALYTES.map((analyte) => analyte.code)

/** Names that also mean blood pressure (a reading 'SYS/DIA' gives two parameters). */
export const BLOOD_PRESSURE_ALIASES: readonly string[] = ['blood pressure', 'bp', 'b p', 'blood pressure seated']

const byCode = new Map(ANALYTES.map((analyte) => [analyte.code, analyte]))

export function findAnalyteByCode(code: string): Analyte | undefined {
	return byCode.get(code)
}

/**
 * The analyte a name stands for given the codes read beside it on the same
 * document: 'pH' read with pCO2 and pO2 is the blood gas pH, read with the
 * urine's specific gravity (or alone) the urine pH.
 */
export function analyteInContext(analyte: Analyte, codesBeside: ReadonlySet<string>): Analyte {
	const twin = analyte.inContextOf
	if (!twin || !twin.when.some((code) => codesBeside.has(code))) return analyte
	return byCode.get(twin.code) ?? analyte
}

/** Letters of the scripts written without spaces between words (Han, kana, Hangul). */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u
/**
 * A space beside a letter of those scripts: letter-spacing ('比  重'), a bracket ('红细胞（镜检）') or a dash
 * before a Latin abbreviation ('红细胞分布宽度-SD'), not a word break.
 */
const SPACE_IN_UNSPACED_SCRIPT =
	/(?<=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])\s+|\s+(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])/gu
/** Greek letters standing alone in analyte names ('γ-GT', 'β2-Microglobulin'), as the Latin names spell them. */
const GREEK_NAMES: Readonly<Record<string, string>> = { α: 'alpha ', β: 'beta ', γ: 'gamma ', δ: 'delta ' }

/** Whether a normalised name holds letters of a script written without spaces (Chinese, Japanese, Korean). */
export function isUnspacedScriptName(key: string): boolean {
	return UNSPACED_SCRIPT.test(key)
}

/**
 * Lower case, accents and British spellings folded, punctuation turned into
 * spaces, spelled-out initials joined: 'Haemoglobin A1c' and 'HEMOGLOBIN A1C'
 * both give 'hemoglobin a1c', 'S.G.O.T.' gives 'sgot', 'Hämoglobin' gives
 * 'hamoglobin'. Letters of every script are kept (Greek, Cyrillic, Chinese):
 * full-width brackets and punctuation fold to their ASCII forms (and so to
 * spaces), and then spaces beside Chinese or Japanese characters are dropped,
 * as those scripts write words without them ('比  重' gives '比重', '红细胞（镜检）'
 * gives '红细胞镜检'); a Greek letter standing alone is spelled out ('γ-GT'
 * gives 'gamma gt').
 */
export function normaliseAnalyteName(name: string): string {
	return name
		.replace(/ı/g, 'i')
		.replace(/İ/g, 'I')
		.replace(/ß/g, 'ss')
		.replace(/ł/g, 'l')
		.replace(/Ł/g, 'L')
		.normalize('NFKD')
		.replace(/\p{M}/gu, '')
		.toLowerCase()
		.replace(/(?<!\p{Script=Greek})[αβγδ](?!\p{Script=Greek})/gu, (letter) => GREEK_NAMES[letter])
		.replace(/haem/g, 'hem')
		.replace(/oesin/g, 'eosin')
		.replace(/[^\p{L}0-9%#]+/gu, ' ')
		.replace(SPACE_IN_UNSPACED_SCRIPT, '')
		.trim()
		.replace(/\b[a-z](?: [a-z]\b)+/g, (letters) => letters.replace(/ /g, ''))
}

/** Every name of an analyte: code, English aliases, labels in other languages. */
export function namesOf(analyte: Analyte): string[] {
	return [analyte.code.replace(/_/g, ' '), ...analyte.aliases, ...Object.values(analyte.labels ?? {}).flat()]
}

const aliasIndex: Map<string, Analyte> = (() => {
	const index = new Map<string, Analyte>()
	for (const analyte of ANALYTES) {
		for (const alias of namesOf(analyte)) {
			const key = normaliseAnalyteName(alias)
			if (key && !index.has(key)) index.set(key, analyte)
		}
	}
	return index
})()

const bloodPressureAliases = new Set(BLOOD_PRESSURE_ALIASES.map(normaliseAnalyteName))

/** The longest alias, in words, the catalogue holds (bounds name matching). */
export const MAX_ALIAS_WORDS = Math.max(...[...aliasIndex.keys(), ...bloodPressureAliases].map((alias) => alias.split(' ').length))

export type AnalyteMatch = { kind: 'analyte'; analyte: Analyte } | { kind: 'blood_pressure' }

/** The analyte a printed name stands for, or null. */
export function lookupAnalyteName(name: string): AnalyteMatch | null {
	const key = normaliseAnalyteName(name)
	if (!key) return null
	if (bloodPressureAliases.has(key)) return { kind: 'blood_pressure' }
	const analyte = aliasIndex.get(key)
	if (analyte) return { kind: 'analyte', analyte }
	return lookupPairedName(name)
}

/**
 * A name with its abbreviation in brackets after it ('Toplam Lökosit Sayımı (WBC)', 'Hemoglobina(HGB)'):
 * capitals (and digits, '%', '#'), no lower-case word, so a qualifier ('Bilirubin (Conjugated)') is not one;
 * or one short word opening with two capitals, lower-case letters after them ('Exceso de bases extracelular (BEecf)').
 */
const NAME_WITH_ABBREVIATION =
	/^\s*([^\d\s(][^()]*?)\s*\(\s*((?=[^()]*[A-Z][^()]*[A-Z])(?![^()]*[a-z]{3})[A-Za-z][A-Za-z0-9%#.\- ]{0,9}?|[A-Z]{2}[A-Za-z0-9]{0,5})\s*\)\s*$/

/**
 * An abbreviation joined to a name in another language ('HGB-Hemoglobin',
 * 'RBC-Alyuvarlar', 'NEU%-Nötrofil'): the pair stands for the analyte both
 * parts (or the one part known) name. A name with its abbreviation in brackets
 * stands for the analyte the abbreviation names, when the name does not name
 * another: the name alone may be a wider one ('Bilirubin (DBIL)').
 */
function lookupPairedName(name: string): AnalyteMatch | null {
	const pair = /^\s*([A-Za-z][A-Za-z0-9%#.]{0,9})\s*[-–/]\s*([^\d\s].*)$/.exec(name)
	const bracketed = pair ? null : NAME_WITH_ABBREVIATION.exec(name)
	const parts = pair ?? bracketed
	if (!parts) return null
	const first = aliasIndex.get(normaliseAnalyteName(parts[1]))
	const second = aliasIndex.get(normaliseAnalyteName(parts[2]))
	if (first && second && first !== second) return null
	const analyte = bracketed ? second : (first ?? second)
	return analyte ? { kind: 'analyte', analyte } : null
}

/**
 * The LOINC code for a result: a code particular to a word of the printed
 * name ('fasting glucose', 'glicemia de jejum'), else the molar code when the unit is a substance
 * concentration, else the analyte's code.
 */
export function loincFor(analyte: Analyte, printedName: string, isMolarUnit: boolean): string | null {
	const key = normaliseAnalyteName(printedName)
	const particular = Object.entries(analyte.loincByWord ?? {}).find(([word]) => ` ${key} `.includes(` ${word} `))?.[1]
	if (particular) return (isMolarUnit ? particular[1] : undefined) ?? particular[0]
	return (isMolarUnit ? analyte.loincMolar : undefined) ?? analyte.loinc
}

/** Every alias of the catalogue as its words, for names printed abbreviated or cut short. */
const aliasWords: ReadonlyArray<{ words: readonly string[]; analyte: Analyte }> = [...aliasIndex]
	.filter(([alias]) => !isUnspacedScriptName(alias))
	.map(([alias, analyte]) => ({ words: alias.split(' '), analyte }))

/**
 * The analytes a name printed with abbreviated words ('Ort. Eritrosit Hemoglobin Kon', 'Mean Corp. Vol.')
 * or cut off at its column's edge ('Ortalama Eritrosit') may stand for: those with a name whose words the
 * printed words begin, in order, one for one (two printed words at least, none shorter than two letters).
 * Several analytes may remain ('Ortalama Eritrosit': MCV, MCH, MCHC): the row's unit tells them apart,
 * or nothing does (lab-values.ts). A name in a script written without spaces has no words to abbreviate.
 */
export function lookupAbbreviatedName(name: string): Analyte[] {
	const key = normaliseAnalyteName(name)
	if (isUnspacedScriptName(key)) return []
	return lookupAbbreviated(key)
}

const lookupAbbreviated = remembered((key: string): Analyte[] => {
	const printed = key.split(' ')
	if (printed.length < 2 || printed.some((word) => word.length < 2) || !/\p{L}{3}/u.test(printed[0])) return []
	const found = new Set<Analyte>()
	for (const { words, analyte } of aliasWords) {
		if (words.length < printed.length) continue
		if (printed.every((word, index) => words[index].startsWith(word))) found.add(analyte)
	}
	return [...found]
})

/** A comparison key for unit spellings: case and spaces ignored, µ as u. */
export function normaliseUnitKey(unit: string): string {
	return unit.toLowerCase().replace(/[µμ]/g, 'u').replace(/\s+/g, '')
}

/**
 * For OCR text: the analyte whose alias is within one edit (two for names
 * of 12 letters or more) of the printed name; only names of 6 letters or
 * more, and only when exactly one analyte is that close.
 */
export function lookupAnalyteNameApproximately(name: string): AnalyteMatch | null {
	const key = normaliseAnalyteName(name)
	// a Chinese or Japanese character is a word's worth of meaning: one changed is another name ('…含量' MCH, '…浓度' MCHC)
	if (key.replace(/ /g, '').length < 6 || isUnspacedScriptName(key)) return null
	return lookupApproximately(key)
}

/** Remembered by name: a page's candidate names are looked up again and again (by the reading score, then by the extraction). */
const lookupApproximately = remembered((key: string): AnalyteMatch | null => {
	const exact = lookupAnalyteName(key)
	if (exact) return exact
	const limit = key.length >= 12 ? 2 : 1
	const found = new Set<Analyte>()
	for (const [alias, analyte] of aliasIndex) {
		if (alias.length < 6) continue
		if (editDistanceAtMost(key, alias, limit) <= limit) found.add(analyte)
	}
	const bloodPressure = [...bloodPressureAliases].some((alias) => alias.length >= 6 && editDistanceAtMost(key, alias, limit) <= limit)
	if (bloodPressure && found.size === 0) return { kind: 'blood_pressure' }
	if (found.size !== 1) return null
	return { kind: 'analyte', analyte: [...found][0] }
})

/**
 * For OCR text, a looser match to be confirmed by the rest of the row: the
 * one analyte whose alias is within a quarter of the name's letters
 * ('Eahon Dioxide' for 'Carbon Dioxide'); names of 8 letters or more only.
 */
export function lookupAnalyteNameLoosely(name: string): { kind: 'analyte'; analyte: Analyte } | null {
	const key = normaliseAnalyteName(name)
	if (key.replace(/ /g, '').length < 8 || isUnspacedScriptName(key)) return null
	return lookupLoosely(key)
}

const lookupLoosely = remembered((key: string): { kind: 'analyte'; analyte: Analyte } | null => {
	const limit = Math.ceil(key.length / 4)
	let best: Analyte | null = null
	let bestDistance = Number.POSITIVE_INFINITY
	let isTie = false
	for (const [alias, analyte] of aliasIndex) {
		if (alias.length < 8) continue
		const distance = editDistanceAtMost(key, alias, limit)
		if (distance > limit) continue
		if (distance < bestDistance) {
			best = analyte
			bestDistance = distance
			isTie = false
		} else if (distance === bestDistance && analyte !== best) {
			isTie = true
		}
	}
	return best && !isTie ? { kind: 'analyte', analyte: best } : null
})
