/**
 * Critical values: a result strictly beyond one is graded 'critical' whether
 * or not its report prints a range (the one grading rule, grading.ts).
 * Thresholds in the units named beside them; a value in another unit skips
 * the check. Browser-safe.
 */

/** Spellings of 10^3 per microlitre (cell counts). */
export const THOUSANDS_PER_UL = [
	'K/uL',
	'x10^3/uL',
	'10^3/uL',
	'x10E3/uL',
	'10*3/uL',
	'x10*3/uL',
	'x10(3)/uL',
	'10^9/L',
	'x10^9/L',
	'thou/uL',
	'K/mcL',
	'K/µL',
	'Thousand/uL',
	'Thous/cu.mm',
	'x10^3/µL',
	'10^3/µL',
	'Tsd/µl',
	'tys/µl',
	'/nl',
	'G/L',
	'Bin/µL',
	'mil/mm3',
	'10*9/L',
] as const

export type CriticalThreshold = {
	low: number | null
	high: number | null
	/** units the thresholds are expressed in; other units skip the critical check */
	units: readonly string[]
}

export const CRITICAL_VALUES: Readonly<Record<string, CriticalThreshold>> = {
	glucose: { low: 50, high: 400, units: ['mg/dL'] },
	sodium: { low: 120, high: 160, units: ['mmol/L', 'mEq/L'] },
	potassium: { low: 2.8, high: 6.2, units: ['mmol/L', 'mEq/L'] },
	calcium: { low: 6.5, high: 13, units: ['mg/dL'] },
	wbc: { low: 2, high: 30, units: THOUSANDS_PER_UL },
	hemoglobin: { low: 7, high: 20, units: ['g/dL'] },
	platelets: { low: 50, high: 1000, units: THOUSANDS_PER_UL },
}

/** A comparison key for unit spellings: case and spaces ignored, µ as u (as analytes.ts normaliseUnitKey). */
export function unitKey(unit: string): string {
	return unit.toLowerCase().replace(/[µμ]/g, 'u').replace(/\s+/g, '')
}

/** The code's critical threshold when the unit is one it is given in (no unit printed: assumed so), else null. */
export function criticalThresholdFor(code: string, unit: string | null): CriticalThreshold | null {
	const threshold = Object.hasOwn(CRITICAL_VALUES, code) ? CRITICAL_VALUES[code]! : null
	if (!threshold) return null
	if (unit === null) return threshold
	const wanted = unitKey(unit)
	return threshold.units.some((candidate) => unitKey(candidate) === wanted) ? threshold : null
}
