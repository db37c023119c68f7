import { createRequire } from 'node:module'
import { remembered } from './remembered.ts'

/**
 * Printed units as UCUM (the Unified Code for Units of Measure) through
 * @lhncbc/ucum-lhc: the many spellings reports use ('mg / dl', 'gm/dl',
 * 'Thous/cu.mm', 'mill/cumm', 'IU / L', 'Percent', 'mmol/ L') are tidied
 * into a UCUM expression and validated by the library; conversions between
 * conventional and SI units (mg/dL and mmol/L, with the analyte's molar
 * mass; % and mmol/mol for HbA1c) are the library's, not hand-typed factors.
 * The printed form is kept for display; the UCUM code is for comparing.
 */

type UcumUtils = {
	validateUnitString(unit: string, suggest?: boolean): { status: string; ucumCode: string | null; unit?: { property?: string } | null }
	convertUnitTo(from: string, value: number, to: string, options?: { molecularWeight?: number }): { status: string; toVal: number | null; msg: string[] }
}

let utils: UcumUtils | null = null

/**
 * The library prints the unit string it could not parse with console.log: a fragment of the
 * document, which never goes to a log (decision 005). Its calls are synchronous, so console.log
 * is silenced for the call alone.
 */
function quietly<T>(call: () => T): T {
	const log = console.log
	console.log = () => {}
	try {
		return call()
	} finally {
		console.log = log
	}
}

function ucum(): UcumUtils {
	// A CommonJS package marked __esModule without a default export: Vite's SSR runner (npm run dev)
	// refuses a default import of it, so it is required as CommonJS everywhere.
	const library = (utils ??= (createRequire(import.meta.url)('@lhncbc/ucum-lhc') as { UcumLhcUtils: { getInstance(): UcumUtils } }).UcumLhcUtils.getInstance())
	return {
		validateUnitString: (unit, suggest) => quietly(() => library.validateUnitString(unit, suggest)),
		convertUnitTo: (from, value, to, options) => quietly(() => library.convertUnitTo(from, value, to, options)),
	}
}

/** Whole printed spellings whose UCUM form is not a simple respelling. */
const SPELLINGS: Record<string, string> = {
	'%': '%',
	percent: '%',
	pct: '%',
	'g%': 'g/dL',
	'gm%': 'g/dL',
	'mg%': 'mg/dL',
	mm: 'mmol/L',
	'mmol/l': 'mmol/L',
	fl: 'fL',
	pg: 'pg',
	'k/ul': '10*3/uL',
	'k/mcl': '10*3/uL',
	'thou/ul': '10*3/uL',
	'thousand/ul': '10*3/uL',
	'thous/cu.mm': '10*3/uL',
	'thous/cumm': '10*3/uL',
	'tsd/ul': '10*3/uL',
	'/nl': '10*3/uL',
	'g/l(cells)': '10*9/L',
	'bin/ul': '10*3/uL',
	'mil/mm3': '10*3/uL',
	'm/ul': '10*6/uL',
	'm/mcl': '10*6/uL',
	'mill/ul': '10*6/uL',
	'million/ul': '10*6/uL',
	'mill/cumm': '10*6/uL',
	'mil/cu.mm': '10*6/uL',
	'million/cmm': '10*6/uL',
	'million/cumm': '10*6/uL',
	'mio/ul': '10*6/uL',
	// urine sediment counts, per microscope field
	'/hpf': '/[HPF]',
	'cells/hpf': '/[HPF]',
	'/lpf': '/[LPF]',
	'cells/lpf': '/[LPF]',
	'/pl': '10*6/uL',
	't/l': '10*12/L',
	'milyon/ul': '10*6/uL',
	'milhoes/mm3': '10*6/uL',
	'lakhs/cmm': '10*5/uL',
	'lakhs/cumm': '10*5/uL',
	'lakh/cumm': '10*5/uL',
	cumm: '/uL',
	'/cumm': '/uL',
	'cells/cumm': '/uL',
	'cells/cmm': '/uL',
	'/cmm': '/uL',
	'cells/mcl': '/uL',
	'cells/ul': '/uL',
	'/mm3': '/uL',
	'/ul': '/uL',
	'meq/l': 'meq/L',
	'iu/l': '[IU]/L',
	'ui/l': '[IU]/L',
	'u/l': 'U/L',
	'miu/l': 'm[IU]/L',
	'mui/l': 'm[IU]/L',
	'mu/l': 'mU/L',
	'uiu/ml': 'u[IU]/mL',
	'uui/ml': 'u[IU]/mL',
	'miu/ml': 'm[IU]/mL',
	'iu/ml': '[IU]/mL',
	mmhg: 'mm[Hg]',
	bpm: '/min',
	'/min': '/min',
	'breaths/min': '/min',
	f: '[degF]',
	'°f': '[degF]',
	c: 'Cel',
	'°c': 'Cel',
	lb: '[lb_av]',
	lbs: '[lb_av]',
	in: '[in_i]',
	sec: 's',
	seconds: 's',
	'mm/hr': 'mm/h',
	'mm/1sthr': 'mm/h',
	'ml/min/1.73m2': 'mL/min/{1.73_m2}',
	'ml/min/1.73m²': 'mL/min/{1.73_m2}',
	'ml/min/1.73': 'mL/min/{1.73_m2}',
	'kg/m²': 'kg/m2',
	'l/l': 'L/L',
	'mmol/mol': 'mmol/mol',
}

/** Spelling variants folded before the lookup: spaces, 'gm', 'mcg' and 'mcL', µ, x10^n forms. */
function foldSpelling(printed: string): string {
	return (
		printed
			.trim()
			.toLowerCase()
			.replace(/\s+/g, '')
			.replace(/[µμ]/g, 'u')
			// a count word's accents ('milhões', 'células'): the spelling without them
			.normalize('NFD')
			.replace(/\p{M}/gu, '')
			// 'mc' is micro before a gram, a litre, a mole or an international unit ('mcg/dL', 'million/mcL', 'mcmol/L')
			.replace(/mc(?=g|l\b|mol|iu)/g, 'u')
			.replace(/²/g, '2')
			.replace(/³/g, '3')
			// a power written with a caret after a unit's letter ('1.73m^2', 'mm^3'); a count's '10^3' is read below
			.replace(/(?<=[a-z])\^(?=\d)/g, '')
			.replace(/⁹/g, '9')
			.replace(/⁶/g, '6')
			.replace(/¹²/g, '12')
			.replace(/[.,;:]+$/, '')
			.replace(/^gm(?=\/)/, 'g')
			.replace(/mcg/g, 'ug')
			.replace(/^(?:x|×)?10(?:\^|\*|e|\()?(\d+)\)?(?=\/)/, '10*$1')
	)
}

/**
 * Case-sensitive UCUM for the common bases once folded ('mg/dl' -> 'mg/dL'),
 * and the atoms whose case UCUM's case-insensitive forms settle ('MM[HG]',
 * 'CEL', '[DEGF]', '[IU]/L' as a system writing units in capitals prints them).
 */
function ucumCase(folded: string): string {
	return folded
		.replace(/\[hg\]/g, '[Hg]')
		.replace(/\[h2o\]/g, '[H2O]')
		.replace(/\[degf\]/g, '[degF]')
		.replace(/\[iu\]/g, '[IU]')
		.replace(/^cel$/, 'Cel')
		.replace(/dl\b/g, 'dL')
		.replace(/ml\b/g, 'mL')
		.replace(/(^|\/|\d)l\b/g, '$1L')
		.replace(/ul\b/g, 'uL')
		.replace(/(^|\/)fl\b/, '$1fL')
		.replace(/^u\//, 'U/')
		.replace(/meq/g, 'meq')
}

/**
 * A count per cubic millimetre is a count per microlitre: '/cu.mm', 'cumm', '/cmm', '/mm3' (UCUM
 * would read 'cu.mm' as centi-atomic-mass-units times millimetres).
 */
function perMicrolitre(folded: string): string {
	return folded.replace(/(^|\/)(?:cu\.?mm|c\.?mm|cumm|mm3|mm\^3|cubicmm)$/, '$1ul')
}

/** Words for a power of ten before a count's volume ('thousand/µL', 'Mio/µl', 'lakhs/cumm'); 'mil' is left out (thousand in Portuguese, million in Indian English). */
const COUNT_MULTIPLIERS: Readonly<Record<string, number>> = {
	cells: 0,
	cell: 0,
	celulas: 0,
	cel: 0,
	cellules: 0,
	zellen: 0,
	hucre: 0,
	giga: 9,
	tera: 12,
	k: 3,
	thou: 3,
	thous: 3,
	thousand: 3,
	thousands: 3,
	tsd: 3,
	tausend: 3,
	miles: 3,
	mila: 3,
	tys: 3,
	bin: 3,
	mil: NaN,
	m: 6,
	mill: 6,
	million: 6,
	millions: 6,
	mio: 6,
	mln: 6,
	'mln.': 6,
	milyon: 6,
	milhoes: 6,
	millones: 6,
	millionen: 6,
	milioni: 6,
	lakh: 5,
	lakhs: 5,
}

/** '<multiplier word>/<volume>' as UCUM ('million/ul' -> '10*6/uL'), or null. */
function countPerVolume(folded: string): string | null {
	const match = /^([a-z.]+)\/(ul|ml|l)$/.exec(folded)
	if (!match || !Object.hasOwn(COUNT_MULTIPLIERS, match[1])) return null
	const power = COUNT_MULTIPLIERS[match[1]]
	if (Number.isNaN(power)) return null
	const volume = match[2] === 'l' ? 'L' : `${match[2][0]}L`
	return power === 0 ? `/${volume}` : `10*${power}/${volume}`
}

/**
 * A qualifier printed after a unit: the reference a quantity is expressed in ('ug/mL FEU',
 * 'ng/mL DDU', 'mg/L as CaCO3'), what a share is of ('% of total Hgb'), the standard an HbA1c
 * follows ('% NGSP', 'mmol/mol (IFCC)'), the creatinine a urine ratio is per ('mg/g creat').
 * Kept with the unit for display; as UCUM it is an annotation ('ug/mL{FEU}', README.md).
 */
const QUALIFIER_WORD = /^\(?(?:feu|ddu|ngsp|ifcc|dcct|creat|creatinine|crea|cr|kreat|kreatinin)\)?$/i
const QUALIFIER_PHRASE = /^(?:of|as)$/i

/** The qualifier's words at the start of `words` (the tokens printed after a unit in its cell): how many belong to it, or 0. */
export function unitQualifierLength(words: readonly string[]): number {
	if (words.length === 0) return 0
	if (QUALIFIER_WORD.test(words[0])) return 1
	if (!QUALIFIER_PHRASE.test(words[0])) return 0
	let count = 1
	while (count < words.length && count <= 3 && /^\p{L}[\p{L}\d]*$/u.test(words[count]) && !/^(?:h|l|high|low|normal|abnormal|hh|ll)$/i.test(words[count]))
		count++
	return count > 1 ? count : 0
}

/** A printed unit split into the unit and its qualifier ('ug/mL FEU' -> 'ug/mL' and 'FEU'); qualifier null when none. */
export function splitUnitQualifier(printed: string): { base: string; qualifier: string | null } {
	const trimmed = printed.trim()
	const words = trimmed.split(/\s+/)
	for (let index = 1; index < words.length; index++) {
		if (unitQualifierLength(words.slice(index)) === words.length - index)
			return { base: words.slice(0, index).join(' '), qualifier: words.slice(index).join(' ') }
	}
	return { base: trimmed, qualifier: null }
}

/** A qualifier as a UCUM annotation: '{FEU}', '{of_total_Hgb}' (printable ASCII only, no spaces or braces). */
function annotationOf(qualifier: string): string {
	const text = qualifier
		.replace(/^\((.*)\)$/, '$1')
		.normalize('NFKD')
		.replace(/[^\x21-\x7a|~]/g, (char) => (/\s/.test(char) ? '_' : ''))
	return text ? `{${text}}` : ''
}

/** The UCUM code of a printed unit, or null when it is not one UCUM knows. */
export function toUcum(printed: string | null): string | null {
	if (printed === null || printed.trim() === '') return null
	return ucumCodeOf(printed)
}

const ucumCodeOf = remembered((printed: string): string | null => {
	// Written in UCUM already (a C-CDA's or FHIR file's 'mm[Hg]', '[lb_av]', 'ug/mL{FEU}'): case matters there.
	if (/[[{]/.test(printed)) {
		const direct = ucum().validateUnitString(printed.trim(), false)
		if (direct.status === 'valid') return direct.ucumCode ?? printed.trim()
	}
	const { base, qualifier } = splitUnitQualifier(printed)
	const code = baseCodeOf(base)
	return code === null || qualifier === null ? code : `${code}${annotationOf(qualifier)}`
})

function baseCodeOf(printed: string): string | null {
	const folded = foldSpelling(printed)
	const perUl = perMicrolitre(folded)
	const candidate = SPELLINGS[folded] ?? SPELLINGS[folded.replace(/^x/, '')] ?? SPELLINGS[perUl] ?? countPerVolume(perUl) ?? ucumCase(perUl)
	const checked = ucum().validateUnitString(candidate, false)
	return checked.status === 'valid' ? (checked.ucumCode ?? candidate) : null
}

/** The annotations of a UCUM code ('ug/mL{FEU}' -> '{FEU}'), '' when none. */
export function ucumAnnotation(code: string): string {
	return (code.match(/\{[^}]*\}/g) ?? []).join('')
}

/** The code without its annotations: the unit whose dimension is judged ('ug/mL{FEU}' -> 'ug/mL'). */
export function withoutAnnotation(code: string): string {
	return code.replace(/\{[^}]*\}/g, '') || '1'
}

/** Is the UCUM unit a substance (molar) concentration, such as mmol/L or umol/L? */
export function isMolarUnit(ucumCode: string | null): boolean {
	if (!ucumCode) return false
	return /^[munp]?mol\//.test(ucumCode) && !/mol\/mol$/.test(ucumCode)
}

/** Do two printed units mean the same UCUM unit? */
export function isSameUnit(a: string | null, b: string | null): boolean {
	const left = toUcum(a)
	return left !== null && left === toUcum(b)
}

/**
 * A value converted between UCUM units by ucum-lhc, with the analyte's
 * molar mass when mass and substance concentrations meet; null when the
 * units do not convert.
 */
export function convertValue(value: number, from: string, to: string, molarMass?: number): number | null {
	if (from === to) return value
	// two qualifiers that differ ('ug/mL{FEU}' and 'ng/mL{DDU}', about a factor two apart) are not one quantity; UCUM reads annotations as 1
	const [fromNote, toNote] = [ucumAnnotation(from), ucumAnnotation(to)]
	if (fromNote !== '' && toNote !== '' && fromNote !== toNote) return null
	const result = ucum().convertUnitTo(from, value, to, molarMass ? { molecularWeight: molarMass } : undefined)
	return result.status === 'succeeded' && typeof result.toVal === 'number' && Number.isFinite(result.toVal) ? result.toVal : null
}

/** The unit when it is already a valid UCUM code as written ('mm[Hg]', '10*3/uL' from a C-CDA or FHIR file), else null; no respelling. */
export const exactUcumCode = remembered((unit: string): string | null => {
	const checked = ucum().validateUnitString(unit, false)
	return checked.status === 'valid' ? (checked.ucumCode ?? unit) : null
})
