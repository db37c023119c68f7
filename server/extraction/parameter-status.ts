import { findAnalyteByCode, isCriticalUnit } from './analytes.ts'
import type { ParameterStatus } from './types.ts'

/**
 * Grades a value (manifest convention): critical when strictly beyond the
 * code's critical threshold, else low below the range minimum, high above
 * its maximum, else normal.
 */
export function gradeValue(input: {
	code: string
	value: number
	unit: string | null
	min: number | null
	max: number | null
}): ParameterStatus {
	const analyte = findAnalyteByCode(input.code)
	if (analyte?.critical && isCriticalUnit(analyte, input.unit)) {
		const { low, high } = analyte.critical
		if (low !== null && input.value < low) return 'critical'
		if (high !== null && input.value > high) return 'critical'
	}
	if (input.min !== null && input.value < input.min) return 'low'
	if (input.max !== null && input.value > input.max) return 'high'
	return 'normal'
}

/** The status a printed flag states, or null for none or an unknown word. */
export function statusFromFlag(flag: string | null): ParameterStatus | null {
	if (!flag) return null
	const word = flag.trim().toLowerCase().replace(/[^a-z* ]/g, '')
	if (['hh', 'll', 'crit', 'critical', 'c', 'panic', '**'].includes(word)) return 'critical'
	if (['h', 'high', 'above range', 'above', 'hi'].includes(word)) return 'high'
	if (['l', 'low', 'below range', 'below', 'lo'].includes(word)) return 'low'
	if (['n', 'normal', 'in range', 'within range', 'wnl'].includes(word)) return 'normal'
	return null
}
