import { createRequire } from 'node:module'
import type { Analyte } from './analytes.ts'
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

function ucum(): UcumUtils {
	// A CommonJS package marked __esModule without a default export: Vite's SSR runner (npm run dev)
	// refuses a default import of it, so it is required as CommonJS everywhere.
	utils ??= (createRequire(import.meta.url)('@lhncbc/ucum-lhc') as { UcumLhcUtils: { getInstance(): UcumUtils } }).UcumLhcUtils.getInstance()
	return utils
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

/** Spelling variants folded before the lookup: spaces, 'cu.mm', 'gm', 'mcg', µ, x10^n forms. */
function foldSpelling(printed: string): string {
	return printed
		.trim()
		.toLowerCase()
		.replace(/\s+/g, '')
		.replace(/[µμ]/g, 'u')
		.replace(/²/g, '2')
		.replace(/³/g, '3')
		.replace(/⁹/g, '9')
		.replace(/⁶/g, '6')
		.replace(/¹²/g, '12')
		.replace(/[.,;:]+$/, '')
		.replace(/^gm(?=\/)/, 'g')
		.replace(/mcg/g, 'ug')
		.replace(/^(?:x|×)?10(?:\^|\*|e|\()?(\d+)\)?(?=\/)/, '10*$1')
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

/** The UCUM code of a printed unit, or null when it is not one UCUM knows. */
export function toUcum(printed: string | null): string | null {
	if (printed === null || printed.trim() === '') return null
	return ucumCodeOf(printed)
}

const ucumCodeOf = remembered((printed: string): string | null => {
	// Written in UCUM already (a C-CDA's or FHIR file's 'mm[Hg]', '[lb_av]'): case matters there.
	if (printed.includes('[')) {
		const direct = ucum().validateUnitString(printed.trim(), false)
		if (direct.status === 'valid') return direct.ucumCode ?? printed.trim()
	}
	const folded = foldSpelling(printed)
	const candidate = SPELLINGS[folded] ?? SPELLINGS[folded.replace(/^x/, '')] ?? ucumCase(folded)
	const checked = ucum().validateUnitString(candidate, false)
	return checked.status === 'valid' ? (checked.ucumCode ?? candidate) : null
})

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
	const result = ucum().convertUnitTo(from, value, to, molarMass ? { molecularWeight: molarMass } : undefined)
	return result.status === 'succeeded' && typeof result.toVal === 'number' && Number.isFinite(result.toVal) ? result.toVal : null
}

/** HbA1c: NGSP % and IFCC mmol/mol are related by the IFCC master equation (NGSP = 0.09148 * IFCC + 2.152), not a unit factor. */
const HBA1C_NGSP_PER_IFCC = 0.09148
const HBA1C_NGSP_OFFSET = 2.152

/**
 * A result in the analyte's UCUM unit (for joining trends): '5.5 mmol/L'
 * glucose as mg/dL, '88 umol/L' creatinine as mg/dL, '48 mmol/mol' HbA1c as
 * %. Null when the printed unit is unknown or does not convert.
 */
export function toAnalyteUnit(analyte: Analyte, value: number, printedUnit: string | null): number | null {
	if (!analyte.ucum) return null
	const from = toUcum(printedUnit)
	if (from === null) return null
	if (analyte.code === 'hba1c' && from === 'mmol/mol' && analyte.ucum === '%') return Math.round((HBA1C_NGSP_PER_IFCC * value + HBA1C_NGSP_OFFSET) * 100) / 100
	return convertValue(value, from, analyte.ucum, analyte.molarMass)
}

/** The unit when it is already a valid UCUM code as written ('mm[Hg]', '10*3/uL' from a C-CDA or FHIR file), else null; no respelling. */
export const exactUcumCode = remembered((unit: string): string | null => {
	const checked = ucum().validateUnitString(unit, false)
	return checked.status === 'valid' ? (checked.ucumCode ?? unit) : null
})
