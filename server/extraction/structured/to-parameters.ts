import { lookupAnalyteName } from '#server/lab-vocabulary/analytes.ts'
import { gradeParameter } from '#server/lab-vocabulary/parameter-status.ts'
import type { ExtractedParameter, ParameterStatus, UnmappedResult } from '../types.ts'
import { toUcum } from '#server/lab-vocabulary/ucum.ts'
import { resultContentKey } from './content-key.ts'
import type { Interpretation, StructuredObservation } from '../shared/structured-types.ts'
import { analyteOfLoinc } from '#server/lab-vocabulary/loinc.ts'

/**
 * Coded observations as the health parameters extraction produces: the
 * vocabulary's canonical code when it knows the LOINC code (or the name),
 * else 'loinc-<code>' so a LOINC-coded result outside the vocabulary still
 * has a trend of its own; the value and unit as in the file, the UCUM unit
 * when the printed one is UCUM, the range, the interpretation and the
 * observation's own date, with the keys that identify it across files
 * (its id and its content: server/health/document-parameters.ts stores a
 * repeated result once). An observation with neither a LOINC code nor a
 * known name is kept as an unmapped result (text), never given an invented
 * code.
 */

const STATUS: Record<Interpretation, ParameterStatus> = { H: 'high', L: 'low', N: 'normal' }

function day(value: string | null): string | null {
	return value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null
}

function codeFor(observation: StructuredObservation): string | null {
	const byLoinc = observation.loinc ? analyteOfLoinc(observation.loinc) : undefined
	if (byLoinc) return byLoinc.code
	if (observation.loinc) return `loinc-${observation.loinc}`
	const byName = lookupAnalyteName(observation.name)
	return byName?.kind === 'analyte' ? byName.analyte.code : null
}

export function observationsToParameters(
	observations: StructuredObservation[],
	documentDate: string | null,
): { parameters: ExtractedParameter[]; unmapped: UnmappedResult[]; unmappedObservations: StructuredObservation[] } {
	const parameters: ExtractedParameter[] = []
	const unmapped: UnmappedResult[] = []
	const unmappedObservations: StructuredObservation[] = []
	for (const observation of observations) {
		const code = codeFor(observation)
		const range = {
			referenceRangeMin: observation.referenceRangeMin,
			referenceRangeMax: observation.referenceRangeMax,
			referenceRangeText: observation.referenceRangeText,
		}
		if (!code) {
			unmapped.push({ name: observation.name, value: observation.value, valueText: observation.valueText, unit: observation.unit, ...range })
			unmappedObservations.push(observation)
			continue
		}
		// matched case-insensitively where UCUM allows ('FL' is fL); the unit stays as printed for display
		const ucumUnit = toUcum(observation.unit)
		const status = gradeParameter({
			code,
			value: observation.value,
			unit: observation.unit,
			min: observation.referenceRangeMin,
			max: observation.referenceRangeMax,
			stated: observation.interpretation ? STATUS[observation.interpretation] : null,
		})
		parameters.push({
			code,
			loinc: observation.loinc,
			name: observation.name,
			value: observation.value,
			valueText: observation.valueText || String(observation.value),
			unit: observation.unit,
			ucumUnit,
			...range,
			status,
			testDate: day(observation.effective) ?? documentDate,
			entryKeys: [
				...new Set([
					observation.key,
					resultContentKey(observation),
					ucumUnit && ucumUnit !== observation.unit ? resultContentKey({ ...observation, unit: ucumUnit }) : null,
				]),
			].filter((key): key is string => key !== null),
		})
	}
	return { parameters, unmapped, unmappedObservations }
}
