import { editDistance } from '#server/lab-vocabulary/edit-distance.ts'
import { ANALYTES, normaliseUnitKey, type Analyte } from '#server/lab-vocabulary/analytes.ts'
import { inAnalyteUnit } from '#server/lab-vocabulary/analyte-units.ts'
import { splitUnitQualifier, toUcum } from '#server/lab-vocabulary/ucum.ts'

/**
 * Unit tokens: recognising them among a row's tokens, tidying the few
 * spellings the manifest fixes ('°F' is 'F'), and, for OCR text only,
 * repairing misread units against the analyte's known spellings.
 */

const EXTRA_UNITS = [
	'mmHg',
	'bpm',
	'in',
	'lb',
	'lbs',
	'kg',
	'cm',
	'm',
	'F',
	'C',
	'°F',
	'°C',
	'IU/L',
	'U/L',
	'mIU/L',
	'uIU/mL',
	'mIU/mL',
	'ng/mL',
	'ng/dL',
	'pg/mL',
	'pg',
	'fL',
	'%',
	'g/dL',
	'g/L',
	'mg/dL',
	'mg/L',
	'mmol/L',
	'mEq/L',
	'umol/L',
	'µmol/L',
	'nmol/L',
	'pmol/L',
	'ug/dL',
	'mcg/dL',
	'ug/L',
	'mL/min',
	'kg/m2',
	'kg/m²',
	'sec',
	's',
	'ratio',
	'mm/hr',
	'mOsm/kg',
	'breaths/min',
	'/min',
	'IU',
	'U',
	'cells/uL',
	'/uL',
	'/hpf',
	'/lpf',
	'mM',
	'Percent',
	'cumm',
	'/cumm',
	'g%',
	'gm%',
	'mmol/mol',
	'mU/L',
	'mUI/L',
	'UI/L',
	'µIU/mL',
	'ng/ml',
	'mg/dl',
	'g/dl',
	'mmol/l',
	'U/l',
	'mg/l',
	'µg/L',
	'µmol/L',
	'IU/mL',
	'S/CO',
]

const KNOWN_UNITS: Map<string, string> = (() => {
	const map = new Map<string, string>()
	for (const unit of [...ANALYTES.flatMap((analyte) => analyte.units), ...EXTRA_UNITS]) {
		const key = normaliseUnitKey(unit)
		if (!map.has(key)) map.set(key, unit)
	}
	return map
})()

/** Is the token a unit (a known spelling, or shaped like 'x/y', 'x10^3/uL', '10*6/uL')? */
export function looksLikeUnit(token: string): boolean {
	const key = normaliseUnitKey(token)
	if (!key) return false
	if (KNOWN_UNITS.has(key)) return true
	if (/^x?10[\^*e(]?\d+\)?\/[a-zµμ]+$/i.test(token)) return true
	if (/^[a-zµμ%°][a-zµμ0-9.^²³]*(?:\/[a-zµμ0-9.^²³]+)+$/i.test(token)) return true
	// a UCUM code printed as such, as FHIR and HL7 renderings do ('[pH]', '[IU]/L')
	if (token.startsWith('[') && /[a-z]/i.test(token) && toUcum(token) !== null) return true
	// 'x10⁹/L', 'Thous/cu.mm', 'cells/mcL': anything with a slash that UCUM reads
	if (token.length >= 3 && token.includes('/') && /[a-zµμ]/i.test(token) && toUcum(token) !== null) return true
	return false
}

/** The printed unit, tidied only where the conventions say so (degree signs). */
export function tidyUnit(token: string): string {
	return token.replace(/^°\s*([CF])$/i, '$1').replace(/[.,;:]+$/, '')
}

/**
 * OCR's usual misreadings inside units, undone before comparing; an I read as a bracket, a bar,
 * an l, a 1 or a T before a U ('[U/ml', '|U/L', 'TU/ml', 'mlU/L') is the I of international units.
 */
function ocrUnitKey(token: string): string {
	return normaliseUnitKey(token)
		.replace(/[+*'"`.,;:]+$/, '')
		.replace(/^([munpk]?)[[|l1!t](?=u\/)/, '$1i')
		.replace(/^(x?)[1l][o0][^\d\s]{0,2}a?([36])\W*\/?u[l1i|]+$/, (_, x: string, power: string) => `${x}10^${power}/ul`)
		.replace(/^(x?)[1l][o0]7([36])\W*\/?u[l1i|]+$/, (_, x: string, power: string) => `${x}10^${power}/ul`)
		.replace(/^1o7(?=\d\/)/, '10^')
		.replace(/^(x?)10[*"'°~%]?(?=\d\/)/, '$110^')
		.replace(/^107(?=[36]\/)/, '10^')
		.replace(/\/d[tib1c]$|\/oi$|\/dl$/, '/dl')
		.replace(/^mgdl$/, 'mg/dl')
		.replace(/^ib$|^1b$|^lh$/, 'lb')
		.replace(/^mmhq$|^mmh9$/, 'mmhg')
		.replace(/^kg\/m[z?]$/, 'kg/m2')
}

/** UCUM's U and [IU] are told apart here: a repair that could give either is not made. */
function ucumOrKey(unit: string): string {
	return toUcum(unit) ?? normaliseUnitKey(unit)
}

/** Is the unit as read a known spelling that measures what the analyte is measured in (a mass concentration for calcium, a count per volume for WBC)? */
function fitsAnalyteDimension(unit: string, analyte: Analyte): boolean {
	// only a spelling laboratories print ('g/dL'), not any string UCUM can parse ('1073/uL' as 10*73/uL, 'tys/pl' for 'tys/µl')
	if (!KNOWN_UNITS.has(normaliseUnitKey(unit))) return false
	return inAnalyteUnit(analyte, 1, toUcum(unit), { annotations: 'ignore' }) !== null
}

/**
 * For OCR text: the analyte's unit spelling closest to a misread token
 * ('mg/dt' -> 'mg/dL', '1073/uL' -> '10^3/uL', 'u/L' -> 'U/L', 'f' -> 'fL'),
 * or the token itself when nothing is close. A unit that already measures
 * what the analyte is measured in is kept as read ('g/dL' for calcium is
 * not turned into 'mg/dL': plausibility judges the value in it), and a
 * repair is made only when the closest spellings all mean one unit
 * ('[U/ml' is 'IU/mL', never 'U/mL' by a tie), or when the value is
 * plausible in only one of them ('g/d' for an albumin of 4.7 is g/dL, not
 * g/L). A qualifier after the unit ('ug/mL FEU') stays as printed.
 */
export function repairOcrUnit(token: string, analyte: Analyte | null, value: number | null = null): string {
	const tidy = tidyUnit(token)
	const { base, qualifier } = splitUnitQualifier(tidy)
	if (qualifier !== null) return `${repairOcrUnit(base, analyte, value)} ${qualifier}`
	const isAnalyteList = analyte !== null && analyte.units.length > 0
	const candidates = isAnalyteList ? analyte.units : [...KNOWN_UNITS.values()]
	const key = ocrUnitKey(tidy)
	const exact = candidates.find((candidate) => normaliseUnitKey(candidate) === key)
	if (exact !== undefined) return exact
	if (isAnalyteList && fitsAnalyteDimension(tidy, analyte)) return value === null ? tidy : confusedGlyphRepair(tidy, key, analyte, value)
	let best: string[] = []
	let bestDistance = Number.POSITIVE_INFINITY
	for (const candidate of candidates) {
		const distance = editDistance(key, normaliseUnitKey(candidate))
		if (distance < bestDistance) {
			best = [candidate]
			bestDistance = distance
		} else if (distance === bestDistance) best.push(candidate)
	}
	// a one-letter unit that is not the analyte's ('f' for MCV: a Fahrenheit) may gain its lost letter
	const allowed = key.length <= 2 ? (isAnalyteList ? 1 : 0) : key.length <= 5 ? 1 : 2
	if (best.length === 0 || bestDistance > allowed) return tidy
	if (new Set(best.map(ucumOrKey)).size === 1) return best[0]
	// a tie between units a factor apart ('g/d': g/dL or g/L): the one the value is plausible in, when only one is
	const fitting = value === null || !isAnalyteList ? [] : best.filter((candidate) => isPlausibleIn(value, candidate, analyte))
	return fitting.length > 0 && new Set(fitting.map(ucumOrKey)).size === 1 ? fitting[0] : tidy
}

/** Glyphs OCR takes for one another in units (lower case, µ folded to u): rn is no pair here, only one glyph for one glyph. */
const CONFUSABLE_GLYPHS: ReadonlyArray<readonly [string, string]> = [
	['m', 'n'],
	['i', 'l'],
	['i', '1'],
	['l', '1'],
	['o', '0'],
	['u', 'p'],
	['u', 'v'],
	['g', 'q'],
]

function isConfusedGlyph(a: string, b: string): boolean {
	return CONFUSABLE_GLYPHS.some(([x, y]) => (a === x && b === y) || (a === y && b === x))
}

/**
 * A known unit of the analyte's dimension in which the value is not plausible ('139 nmol/L' for
 * sodium): the analyte's spelling it becomes by glyphs OCR confuses, one for one ('nmol' and
 * 'mmol'), when the value is plausible in exactly that one. A letter missing or added ('g/dL' for
 * 'mg/dL', 'IU/mL' for 'uIU/mL') is no such confusion: the unit stays as read and the value goes
 * to check.
 */
function confusedGlyphRepair(tidy: string, key: string, analyte: Analyte, value: number): string {
	if (isPlausibleIn(value, tidy, analyte)) return tidy
	const fitting = analyte.units.filter((candidate) => {
		const other = normaliseUnitKey(candidate)
		if (other.length !== key.length || other === key) return false
		return [...other].every((char, index) => char === key[index] || isConfusedGlyph(char, key[index])) && isPlausibleIn(value, candidate, analyte)
	})
	return fitting.length > 0 && new Set(fitting.map(ucumOrKey)).size === 1 ? fitting[0] : tidy
}

/** Is the value within the analyte's physiological span when read in this unit? */
function isPlausibleIn(value: number, unit: string, analyte: Analyte): boolean {
	const converted = inAnalyteUnit(analyte, value, toUcum(unit), { annotations: 'ignore' })
	return analyte.plausible !== undefined && converted !== null && converted >= analyte.plausible[0] && converted <= analyte.plausible[1]
}

/** A token OCR may have misread from a unit ('x10%3/uL', 'mg/dt'): a unit once repaired. */
export function isRepairableOcrUnit(token: string): boolean {
	return looksLikeUnit(token) || KNOWN_UNITS.has(normaliseUnitKey(repairOcrUnit(token, null)))
}

/** Is this token, read by OCR, probably a (misread) unit of the analyte? */
export function isLikelyOcrUnit(token: string, analyte: Analyte | null): boolean {
	if (looksLikeUnit(token)) return true
	if (!analyte) return false
	// a repair changes misread characters; it does not drop a word of another script ('少见/HPF': 'few per
	// field') or a number before the slash ('0/LPF': a reference of none per field), which are no unit
	if (/[^\p{Script=Latin}\p{Script=Common}µμ]/u.test(token)) return false
	const repaired = repairOcrUnit(token, analyte)
	if (/^\d/.test(token) && !/^(?:x\s*)?\d/i.test(repaired)) return false
	return analyte.units.includes(repaired)
}
