import { describe, expect, it } from 'vitest'
import { extractLabValues } from './lab-values.ts'
import type { LabParseOptions } from './options.ts'
import { sexLabelOf } from './sex-ranges.ts'

const TEXT: LabParseOptions = { source: 'text', testDate: null, grade: true }
const OCR: LabParseOptions = { source: 'ocr', testDate: null, grade: true, columnGaps: true }

function one(line: string, options: LabParseOptions) {
	const [parameter] = extractLabValues(line, options)
	return parameter && { min: parameter.referenceRangeMin, max: parameter.referenceRangeMax, status: parameter.status, range: parameter.referenceRangeText }
}

describe('ranges printed per sex', () => {
	it.each([
		['Hemoglobin     12.5     g/dL     M: 13.0-17.0  F: 12.0-15.5'],
		['Hemoglobin     12.5     g/dL     Male 13.0-17.0 / Female 12.0-15.5'],
		['Hemoglobin     12.5     g/dL     Men: 13.0 - 17.0 Women: 12.0 - 15.5'],
		['Hemoglobina     12,5     g/dL     H: 13,0 - 17,0  M: 12,0 - 15,5'],
		['Hämoglobin     12,5     g/dl     Männer 13,0-17,0; Frauen 12,0-15,5'],
		['Hemoglobin     12.5     g/dL     F: 12.0-15.5  M: 13.0-17.0'],
	])("pick the range of the patient's sex: %s", (line) => {
		expect(one(line, { ...TEXT, patientSex: 'female' })).toMatchObject({ min: 12, max: 15.5, status: 'normal' })
		expect(one(line, { ...TEXT, patientSex: 'male' })).toMatchObject({ min: 13, max: 17, status: 'low' })
		// no sex known, and the two ranges grade 12.5 otherwise: no grade, both ranges shown as printed
		expect(one(line, TEXT)).toMatchObject({ min: null, max: null, status: null })
		expect(one(line, TEXT)?.range).toMatch(/13[.,]0 ?- ?17[.,]0.*12[.,]0 ?- ?15[.,]5|12[.,]0 ?- ?15[.,]5.*13[.,]0 ?- ?17[.,]0/)
	})

	it('grades a value both ranges agree on without the sex, and reads a separator glued to the range', () => {
		expect(one('Creatinine     0.9     mg/dL     M 0.7-1.3; F 0.6-1.1', TEXT)).toMatchObject({ status: 'normal', range: 'M 0.7-1.3 F 0.6-1.1' })
		expect(one('Ferritin     900     ng/mL     Male: 30-400 Female: 13-150', TEXT)).toMatchObject({ status: 'high' })
		expect(one('Ferritin     80     ng/mL     Male: 30-400 Female: 13-150', OCR)).toMatchObject({ status: 'normal' })
	})

	it('leaves a lone label, a pair of one sex, and words that are no sex label to the range reader', () => {
		expect(one('Hemoglobin     14.2     g/dL     Male 13.0-17.0', TEXT)).toMatchObject({ min: 13, max: 17 })
		expect(one('Hemoglobin     14.2     g/dL     M: 13.0-17.0  M: 12.0-15.5', { ...TEXT, patientSex: 'female' })?.min).not.toBe(12)
		expect(sexLabelOf('M:')).toBe('m')
		expect(sexLabelOf('(Women)')).toBe('women')
		expect(sexLabelOf('Kadın')).toBe('kadin')
		expect(sexLabelOf('mg/dL')).toBeNull()
		expect(sexLabelOf('X')).toBeNull()
	})
})
