import { describe, expect, it } from 'vitest'
import { TEXT } from '#tests/support/lab-lines.ts'
import { observationsToParameters } from '../structured/to-parameters.ts'
import type { StructuredObservation } from '../shared/structured-types.ts'
import { extractLabResults } from './lab-values.ts'

/**
 * Every printed result is kept (issue 38 point 3): a numeric row whose name the vocabulary does
 * not know comes out of extraction with its printed name, value, unit, printed range and the
 * status that range gives, dated as the document, never with a code.
 */
describe('a row whose name the vocabulary does not know', () => {
	it('keeps its printed name, value, unit, range and the status its range gives', () => {
		const { unmapped, parameters } = extractLabResults(
			[
				'Calprotectin fecal          245          ug/g          < 50',
				'Pancreatic elastase          180          ug/g          200 - 500',
				'Zonulin          45          ng/mL          13-60',
			].join('\n'),
			TEXT,
		)
		expect(parameters).toEqual([])
		expect(unmapped.map((row) => [row.name, row.value, row.unit, row.referenceRangeMin, row.referenceRangeMax, row.referenceRangeText, row.status])).toEqual([
			['Calprotectin fecal', 245, 'ug/g', null, 50, '< 50', 'high'],
			['Pancreatic elastase', 180, 'ug/g', 200, 500, '200 - 500', 'low'],
			['Zonulin', 45, 'ng/mL', 13, 60, '13-60', 'normal'],
		])
		expect(unmapped.every((row) => row.testDate === '2025-03-14' && !('code' in row))).toBe(true)
	})

	it('reads a decimal comma and a printed flag column the same way, in another layout', () => {
		const { unmapped } = extractLabResults('Adiponectina          4,2   L          ug/mL          5,0 - 30,0', { ...TEXT, decimalComma: true })
		expect(unmapped).toEqual([
			expect.objectContaining({ name: 'Adiponectina', value: 4.2, unit: 'ug/mL', referenceRangeMin: 5, referenceRangeMax: 30, status: 'low' }),
		])
	})

	it('is not graded when grading is off (an OCR page being scored)', () => {
		const { unmapped } = extractLabResults('Zonulin          H          80          ng/mL          13-60', { ...TEXT, grade: false })
		expect(unmapped).toEqual([expect.objectContaining({ name: 'Zonulin', value: 80, status: null })])
	})

	it('keeps a known name a coded row, not an unmapped one', () => {
		const { unmapped, parameters } = extractLabResults('Glicemia de jejum          92          mg/dL          70 - 99', TEXT)
		expect(unmapped).toEqual([])
		expect(parameters).toEqual([expect.objectContaining({ code: 'glucose', value: 92 })])
	})

	it('keeps a name in any script, accents and all', () => {
		const { unmapped } = extractLabResults(
			['Élastase pancréatique          180          µg/g          > 200', '维生素K1          1.2          ng/mL          0.1 - 2.0'].join('\n'),
			TEXT,
		)
		expect(unmapped.map((row) => [row.name, row.value, row.status])).toEqual([
			['Élastase pancréatique', 180, 'low'],
			['维生素K1', 1.2, 'normal'],
		])
	})

	it('takes no row of a range table, nor a header whose numbers are not its value, for a result', () => {
		const { unmapped } = extractLabResults(
			[
				'Sample Type          Blood (2 ml)          TAT :  1 day (Normal: 1 - 3 days)',
				'Optimal          < 100          < 150',
				'Borderline High          200 - 239          130 - 159',
				'Male          13.5          g/dL          13.5 - 17.5',
				'Desirable          170          < 200',
			].join('\n'),
			TEXT,
		)
		expect(unmapped).toEqual([])
	})

	it('takes no prose, header or identity line for a result', () => {
		const { unmapped } = extractLabResults(
			['Patient ID          12345          2020 - 2024', 'Test          Result          Units          Reference', 'Comment: see note 2 - 5'].join('\n'),
			TEXT,
		)
		expect(unmapped).toEqual([])
	})
})

describe('a C-CDA or FHIR result outside the vocabulary', () => {
	const observation = (fields: Partial<StructuredObservation>): StructuredObservation => ({
		name: 'Zonulin',
		value: 80,
		valueText: '80',
		unit: 'ng/mL',
		referenceRangeMin: 13,
		referenceRangeMax: 60,
		referenceRangeText: '13-60',
		category: 'result',
		key: 'obs-1',
		loinc: null,
		localCode: null,
		interpretation: null,
		effective: '2024-11-02T08:30:00Z',
		...fields,
	})

	it('is kept as printed with the status its range gives and its own date', () => {
		const { unmapped, parameters } = observationsToParameters([observation({})], '2024-12-01')
		expect(parameters).toEqual([])
		expect(unmapped).toEqual([
			{
				name: 'Zonulin',
				value: 80,
				valueText: '80',
				unit: 'ng/mL',
				referenceRangeMin: 13,
				referenceRangeMax: 60,
				referenceRangeText: '13-60',
				status: 'high',
				testDate: '2024-11-02',
			},
		])
	})

	it('takes the file’s interpretation when no range is given, and the document’s date when the entry has none', () => {
		const { unmapped } = observationsToParameters(
			[observation({ referenceRangeMin: null, referenceRangeMax: null, referenceRangeText: null, interpretation: 'L', effective: null })],
			'2024-12-01',
		)
		expect(unmapped).toEqual([expect.objectContaining({ status: 'low', testDate: '2024-12-01' })])
	})
})
