import { inPrintedUnit, unitFits, unitOf, valueInAnalyteUnit, type PrintedUnit } from '#server/lab-vocabulary/analyte-units.ts'
import { findAnalyteByCode, type Analyte } from '#server/lab-vocabulary/analytes.ts'
import { IMPORTED_TO_CHECK_REASONS, TO_CHECK_REASONS } from '../intake/messages.ts'
import { formatValueText } from '#server/health/shared/measurement.ts'
import { statusFromFlag } from '#server/lab-vocabulary/parameter-status.ts'
import type { ExtractedParameter, ParameterStatus } from '../types.ts'

/**
 * "No wrong value shown" (issue 27 point 3): a lab value is accepted only
 * when its name, value, unit and range agree with each other. Each rule
 * below looks at one disagreement; the first one found marks the value
 * "to check" with a reason, and the patient confirms or corrects it on the
 * document page before it counts (trends, score, risk, compare,
 * predictions: server/health/counted-values.ts). Pure: no database, no
 * clock.
 *
 * The rules, in order:
 * - unit_unknown: a printed unit that is neither one of the analyte's
 *   spellings nor a unit UCUM understands;
 * - unit_dimension: a unit UCUM understands that does not convert to the
 *   analyte's unit (mg/dL for sodium, a count for glucose);
 * - value_implausible: a value outside the analyte's physiological span
 *   (analytes.ts `plausible`);
 * - range_implausible: a reference range with a bound outside that span,
 *   or far from the usual reference interval of the analyte once converted
 *   to its unit (an OCR-dropped digit: '30 - 600' read as '30 - 60');
 * - flag_disagrees: a printed flag ('H', 'Low') that says otherwise than
 *   the status computed against the printed range;
 * - readings_disagree: an OCR page read twice (another preparation or another
 *   engine) gave the row another value, or the reader repaired the value's
 *   digits (a decimal point it inferred, letters read as digits); either is
 *   kept only when the analyte's usual interval and the printed range both
 *   agree with it (within a factor of AGREEMENT_FACTOR of each);
 * - several_results: an OCR row prints several results side by side (a
 *   cumulative report) and no header date read tells which is the newest.
 */

export type PlausibilityCode =
	'unit_unknown' | 'unit_dimension' | 'value_implausible' | 'range_implausible' | 'flag_disagrees' | 'readings_disagree' | 'several_results'

export type ToCheck = { code: PlausibilityCode; reason: string }

/**
 * Usual adult reference intervals, in the analyte's UCUM unit
 * (analytes.ts `ucum`): not for grading (the printed range does that),
 * only to tell a range read right from one a digit off. A lower bound of 0
 * means laboratories print only an upper limit ('< 150').
 */
export const USUAL_REFERENCE_INTERVALS: Readonly<Record<string, readonly [low: number, high: number, upperFactor?: number]>> = {
	glucose: [70, 100],
	hba1c: [4, 5.7],
	bun: [7, 20],
	urea: [15, 45],
	creatinine: [0.6, 1.2],
	egfr: [60, 120],
	sodium: [135, 145],
	potassium: [3.5, 5.1],
	chloride: [98, 107],
	co2: [22, 29],
	anion_gap: [8, 16],
	calcium: [8.6, 10.3],
	magnesium: [1.7, 2.4],
	phosphorus: [2.5, 4.5],
	uric_acid: [3.5, 7.2],
	total_protein: [6.4, 8.3],
	albumin: [3.5, 5],
	globulin: [2, 3.5],
	bilirubin_total: [0.2, 1.2],
	bilirubin_direct: [0, 0.3],
	alkaline_phosphatase: [40, 130],
	ast: [10, 40],
	alt: [7, 45],
	ggt: [8, 60],
	ldh: [120, 250],
	ck: [40, 200],
	amylase: [30, 110],
	lipase: [10, 60],
	total_cholesterol: [0, 200],
	ldl: [0, 130],
	hdl: [40, 60],
	vldl: [5, 40],
	non_hdl_cholesterol: [0, 130],
	triglycerides: [0, 150],
	wbc: [4, 11],
	rbc: [4.2, 5.9],
	hemoglobin: [12, 17.5],
	hematocrit: [36, 52],
	mcv: [80, 100],
	mch: [27, 33],
	mchc: [32, 36],
	rdw: [11.5, 14.5],
	platelets: [150, 450],
	mpv: [7.5, 11.5],
	neutrophils_pct: [40, 75],
	lymphocytes_pct: [20, 45],
	monocytes_pct: [2, 10],
	neutrophils_abs: [1.8, 7.5],
	lymphocytes_abs: [1, 4],
	esr: [0, 20],
	pt: [11, 13.5],
	inr: [0.8, 1.2],
	aptt: [25, 35],
	fibrinogen: [200, 400],
	tsh: [0.4, 4.5],
	free_t4: [0.8, 1.8],
	free_t3: [2.3, 4.2],
	t4_total: [5, 12],
	t3_total: [80, 200],
	iron: [60, 170],
	tibc: [250, 400],
	transferrin_saturation: [20, 50],
	transferrin: [200, 360],
	ferritin: [20, 300],
	vitamin_d: [30, 100],
	vitamin_b12: [200, 900],
	folate: [3, 20],
	// CRP: '< 1' (high-sensitivity) to '< 10' mg/L are all in use
	crp: [0, 3, 4],
}

/**
 * How far a printed bound may sit from the usual one (either way) before
 * the range is taken for a misreading. An upper bound that lost or gained a
 * digit is ten times off; laboratories' own intervals differ by less than
 * three times at the top. Lower bounds differ more between laboratories
 * (ferritin from 4.6 to 30), so they get more room.
 */
export const UPPER_BOUND_FACTOR = 3
export const LOWER_BOUND_FACTOR = 6
/**
 * A usual interval whose lower bound is under a third of its upper starts near zero: a printed
 * lower bound far below it is a laboratory's floor ('1 - 50' for ALT), not a lost digit. Where
 * the interval sits away from zero (sodium 135-145, glucose 70-100), a lower bound a digit short
 * ('13 - 145') still is.
 */
export const NEAR_ZERO_FLOOR = 1 / 3

function isWithin(value: number, span: readonly [number, number]): boolean {
	return value >= span[0] && value <= span[1]
}

function isFarFrom(printed: number, usual: number, factor: number): boolean {
	if (usual <= 0) return false
	const ratio = printed / usual
	return ratio > factor || ratio < 1 / factor
}

/** Is the range far from the usual interval, read in this unit? */
function isRangeOffIn(analyte: Analyte, usual: readonly [number, number, number?], min: number | null, max: number | null, unit: PrintedUnit | null): boolean {
	const convert = (bound: number) => (unit === null ? bound : inPrintedUnit(analyte, bound, unit))
	const low = min === null || min <= 0 ? null : convert(min)
	const high = max === null ? null : convert(max)
	if ((min !== null && min > 0 && low === null) || (max !== null && high === null)) return false
	// '< 150': an upper limit only, compared with the usual upper bound
	if (high !== null && isFarFrom(high, usual[1], usual[2] ?? UPPER_BOUND_FACTOR)) return true
	// '> 40': a lower limit only; where laboratories print only an upper limit (usual[0] = 0), a lower one is compared with the upper
	if (low !== null) {
		if (usual[0] <= 0) return low > usual[1] * UPPER_BOUND_FACTOR
		// an interval that starts near zero (ALT 7-45, TSH 0.4-4.5): laboratories print 0, 1 or 5 as its floor alike, so only a floor too high is suspect
		if (usual[0] < usual[1] * NEAR_ZERO_FLOOR) return low > usual[0] * LOWER_BOUND_FACTOR
		return isFarFrom(low, usual[0], LOWER_BOUND_FACTOR)
	}
	return false
}

function isRangeImplausible(analyte: Analyte, parameter: ExtractedParameter): boolean {
	const { referenceRangeMin: min, referenceRangeMax: max } = parameter
	if (min === null && max === null) return false
	if (analyte.plausible) {
		const [, highest] = analyte.plausible
		const inUnit = (bound: number) => valueInAnalyteUnit(analyte, { ...parameter, value: bound })
		if ((min !== null && inUnit(min) > highest) || (max !== null && inUnit(max) > highest)) return true
	}
	const usual = USUAL_REFERENCE_INTERVALS[analyte.code]
	if (!usual) return false
	if (parameter.unit !== null && parameter.unit.trim() !== '') {
		const printed = unitOf(parameter.unit, parameter.ucumUnit)
		return unitFits(analyte, printed) ? isRangeOffIn(analyte, usual, min, max, printed) : false
	}
	// no unit printed: the range must fit the analyte in one of its usual units
	const units = [analyte.ucum, ...analyte.units].filter((unit): unit is string => unit !== null)
	return units.length > 0 && units.every((unit) => isRangeOffIn(analyte, usual, min, max, unit === analyte.ucum ? null : unitOf(unit)))
}

const OPPOSITES: Readonly<Record<ParameterStatus, readonly ParameterStatus[]>> = {
	high: ['normal', 'low'],
	low: ['normal', 'high'],
	normal: ['low', 'high', 'critical'],
	critical: ['normal'],
}

function flagDisagrees(parameter: ExtractedParameter): ParameterStatus | null {
	const flagged = statusFromFlag(parameter.flag ?? null)
	if (!flagged || !parameter.status) return null
	// a value on the very bound its flag points past ('L' on 99 with 99 - 109, on 40 with '> 40'): the
	// laboratory counts its bound outside the range, where the grading rule counts it inside; the
	// reading agrees with the page
	const { value, referenceRangeMin: min, referenceRangeMax: max } = parameter
	if ((flagged === 'low' && min !== null && value === min) || (flagged === 'high' && max !== null && value === max)) return null
	return OPPOSITES[flagged].includes(parameter.status) ? flagged : null
}

/**
 * Where a value comes from: read from a page (text layer or OCR), or imported
 * from a C-CDA or FHIR file (no reading, so never "misread").
 */
export type ValueOrigin = 'read' | 'imported'

/**
 * Why the value is not accepted as read, or null when name, value, unit and range agree.
 * Numbers in the reason are written as the value is shown (a computed float rounded: measurement.ts).
 */
export function checkPlausibility(parameter: ExtractedParameter, origin: ValueOrigin = 'read'): ToCheck | null {
	const analyte = findAnalyteByCode(parameter.code)
	if (!analyte) return null
	const name = analyte.name
	const reasons = origin === 'imported' ? IMPORTED_TO_CHECK_REASONS : TO_CHECK_REASONS
	const valueText = formatValueText(parameter.valueText)
	if (parameter.unit !== null && parameter.unit.trim() !== '' && analyte.units.length > 0) {
		const fits = unitFits(analyte, unitOf(parameter.unit, parameter.ucumUnit))
		if (fits === null) return { code: 'unit_unknown', reason: reasons.unitUnknown(parameter.unit) }
		if (!fits) return { code: 'unit_dimension', reason: reasons.unitDimension(parameter.unit, name) }
	}
	if (!Number.isFinite(parameter.value) || (analyte.plausible && !isWithin(valueInAnalyteUnit(analyte, parameter), analyte.plausible))) {
		return { code: 'value_implausible', reason: reasons.valueImplausible(valueText, name) }
	}
	if (isRangeImplausible(analyte, parameter)) {
		return { code: 'range_implausible', reason: reasons.rangeImplausible(parameter.referenceRangeText ?? rangeText(parameter), name) }
	}
	const flagged = flagDisagrees(parameter)
	if (flagged) return { code: 'flag_disagrees', reason: reasons.flagDisagrees(flagged, parameter.status!) }
	if ((parameter.otherReadingValueText !== undefined || parameter.isValueRepaired) && !isConfirmedByIntervals(analyte, parameter)) {
		const reason =
			parameter.otherReadingValueText !== undefined ? reasons.readingsDisagree(valueText, parameter.otherReadingValueText) : reasons.valueRepaired(valueText)
		return { code: 'readings_disagree', reason }
	}
	if (parameter.hasSeveralResults) return { code: 'several_results', reason: reasons.severalResults(valueText) }
	return null
}

/**
 * How far outside an interval a doubtful value may lie and still be taken as read: a misplaced decimal
 * point is ten times off, a digit misread often two or three times; a value just past its bound is common.
 */
const AGREEMENT_FACTOR = 1.5

/**
 * Whether a value whose digits are in doubt (readings_disagree) agrees with both the analyte's usual
 * interval, in its own unit (its plausible span where no usual interval is listed), and the interval the
 * row prints: without a printed range nothing confirms it.
 */
function isConfirmedByIntervals(analyte: Analyte, parameter: ExtractedParameter): boolean {
	const usual = USUAL_REFERENCE_INTERVALS[analyte.code] ?? analyte.plausible
	const { referenceRangeMin: min, referenceRangeMax: max } = parameter
	if (min === null && max === null) return false
	if (usual && !isNear(valueInAnalyteUnit(analyte, parameter), usual[0], usual[1])) return false
	return isNear(parameter.value, min, max)
}

function isNear(value: number, low: number | null, high: number | null): boolean {
	if (!Number.isFinite(value)) return false
	if (low !== null && low > 0 && value < low / AGREEMENT_FACTOR) return false
	return high === null || high <= 0 || value <= high * AGREEMENT_FACTOR
}

function rangeText(parameter: ExtractedParameter): string {
	const { referenceRangeMin: min, referenceRangeMax: max } = parameter
	const shown = (bound: number | null) => formatValueText(String(bound))
	if (min !== null && max !== null) return `${shown(min)} - ${shown(max)}`
	return min !== null ? `> ${shown(min)}` : `< ${shown(max)}`
}

/** Every value of a document with its "to check" mark set (or left out when it agrees). */
export function markValuesToCheck(parameters: ExtractedParameter[], origin: ValueOrigin = 'read'): ExtractedParameter[] {
	return parameters.map((parameter) => {
		const { toCheck: _previous, ...rest } = parameter
		const toCheck = checkPlausibility(rest, origin)
		return toCheck ? { ...rest, toCheck } : rest
	})
}
