import { type Analyte, findAnalyteByCode, normaliseUnitKey } from '#server/lab-vocabulary/analytes.ts'
import { printedUnitFits } from '#server/lab-vocabulary/analyte-units.ts'
import { isSameUnit } from '#server/lab-vocabulary/ucum.ts'
import { repairOcrUnit } from './units.ts'
import { type AbbreviatedName, type NameMatch } from './names.ts'
import { type LabParseOptions } from './options.ts'
import { type RowReading, finishUnit, readCells } from './cells.ts'
import { type Token } from './tokens.ts'

/**
 * The analyte (the row reader's fourth stage, rows/README.md): which analyte a row is, once its
 * cells are read: an abbreviated name by the unit that fits, a share or a count by its unit, a
 * name that stands for two analytes by theirs, a loose OCR name only when value, range and unit
 * confirm it.
 */

/** The other of a white cell's share and count (neutrophils_pct and neutrophils_abs), when the vocabulary has both. */
export function differentialTwin(code: string): Analyte | null {
	if (code.endsWith('_pct')) return findAnalyteByCode(code.replace(/_pct$/, '_abs')) ?? null
	if (code.endsWith('_abs')) return findAnalyteByCode(code.replace(/_abs$/, '_pct')) ?? null
	return null
}

/**
 * Of the analytes an abbreviated or cut-off name cell may stand for (abbreviatedNameCandidates),
 * the one whose unit the row's unit fits: the row's cells read with no analyte in mind. Two that
 * fit (fL: MCV and RDW-SD, with no word to tell them apart) or none: no guess, the exact reading
 * stands (or nothing is read).
 */
export function chooseAbbreviatedName(abbreviated: AbbreviatedName, tokens: Token[], exact: NameMatch | null, options: LabParseOptions): NameMatch | null {
	const reading = readCells(tokens, abbreviated.consumed, options, null, false)
	if (reading.valueCandidates === null || reading.unit === null) return null
	const fitting = abbreviated.analytes.filter((analyte) => {
		const unit = finishUnit(reading.unit, analyte, options.source)
		return unit !== null && printedUnitFits(analyte, unit) === true
	})
	if (fitting.length !== 1 || (exact?.match.kind === 'analyte' && exact.match.analyte === fitting[0])) return null
	return { match: { kind: 'analyte', analyte: fitting[0] }, consumed: abbreviated.consumed }
}

/** A count per volume ('x10^3/µL', 'tys/µl', '/cmm', 'K/uL', '10^9/L'). */
const COUNT_UNIT = /\/\s*(?:[uµμ]l|mm3|cmm|cu\.?\s?mm|nl|l)\b|10\s*[\^*]|x\s*10|^(?:k|tys|thou)/i

/**
 * A white cell's share and its count are printed under one name ('Neutrófilos  20.2 %' and
 * 'Neutrófilos  0.5 x10^3/µL'), and a bare name can stand for two analytes measured in units a
 * thousand apart ('T4' in ng/dL is the free thyroxine, in ug/dL the total; the vocabulary's
 * `inUnitsOf`): the unit tells which analyte the row is.
 */
export function analyteByUnit(analyte: Analyte, unit: string | null): Analyte {
	if (unit === null) return analyte
	const twin = analyte.inUnitsOf
	if (twin && twin.units.some((candidate) => normaliseUnitKey(candidate) === normaliseUnitKey(unit) || isSameUnit(candidate, unit))) {
		return findAnalyteByCode(twin.code) ?? analyte
	}
	if (analyte.code.endsWith('_pct') && unit.trim() !== '%' && COUNT_UNIT.test(unit)) return findAnalyteByCode(analyte.code.replace(/_pct$/, '_abs')) ?? analyte
	if (analyte.code.endsWith('_abs') && unit.trim() === '%') return findAnalyteByCode(analyte.code.replace(/_abs$/, '_pct')) ?? analyte
	return analyte
}

/** A loosely matched name stands when the row has a value, a range and one of the analyte's units. */
export function isConfirmedByRow(reading: RowReading, analyte: Analyte): boolean {
	if (reading.valueCandidates === null || !reading.range || reading.unit === null) return false
	const value = Number(reading.valueCandidates[0].replace(/^[<>]=?/, ''))
	return analyte.units.includes(repairOcrUnit(reading.unit, analyte, Number.isFinite(value) ? value : null))
}
