import { describe, expect, it } from 'vitest'
import { observationsToParameters } from './structured/to-parameters.ts'
import { parseLabLine } from './rows/lab-values.ts'
import type { StructuredObservation } from './shared/structured-types.ts'

describe('one rule for every source', () => {
	const observation = (fields: Partial<StructuredObservation>): StructuredObservation => ({
		category: 'result',
		key: 'entry-1',
		loinc: null,
		localCode: null,
		name: 'x',
		value: 0,
		valueText: '0',
		unit: null,
		referenceRangeMin: null,
		referenceRangeMax: null,
		referenceRangeText: null,
		interpretation: null,
		effective: '2024-01-01',
		...fields,
	})

	it("grades a value without a range the same from a report's text and a C-CDA or FHIR import", () => {
		const text = (line: string) => parseLabLine(line, { source: 'text', testDate: '2024-01-01', grade: true })[0]?.status
		const imported = (fields: Partial<StructuredObservation>) => observationsToParameters([observation(fields)], '2024-01-01').parameters[0]?.status

		// a weight without a range: not graded either way (the text reader used to say 'normal')
		expect(text('Weight 177.4 lb')).toBeNull()
		expect(imported({ loinc: '29463-7', name: 'Body weight', value: 80, valueText: '80', unit: '[lb_av]' })).toBeNull()
		// a systolic pressure without a range: ACC/AHA stage 2 either way (the import used to leave it ungraded)
		expect(text('BP 147/84 mmHg')).toBe('high')
		expect(imported({ loinc: '8480-6', name: 'Systolic blood pressure', value: 147, valueText: '147', unit: 'mm[Hg]' })).toBe('high')
		// a range printed: graded against it either way
		expect(text('Hemoglobin 11.1 g/dL 12.0-15.5')).toBe('low')
		expect(imported({ loinc: '718-7', name: 'Hemoglobin', value: 11.1, valueText: '11.1', unit: 'g/dL', referenceRangeMin: 12, referenceRangeMax: 15.5 })).toBe(
			'low',
		)
	})
})
