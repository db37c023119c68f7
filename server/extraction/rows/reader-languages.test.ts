import { describe, expect, it } from 'vitest'
import { parseLabLine, type LabParseOptions } from './lab-values.ts'

/**
 * Rows as laboratories in other countries print them: a range joined by a word or a tilde, dotted
 * leaders before a colon, a unit printed again after the range, decimal commas. Written here, not
 * taken from a fixture: each row is of a kind the reader must read wherever it comes from.
 */
const TEXT: LabParseOptions = { source: 'text', testDate: '2025-01-10', grade: true, decimalComma: true }
const OCR: LabParseOptions = { ...TEXT, source: 'ocr', columnGaps: true }

function row(line: string, options: LabParseOptions) {
	const found = parseLabLine(line, options)
	expect(found, line).toHaveLength(1)
	const [parameter] = found
	return { code: parameter.code, value: parameter.value, min: parameter.referenceRangeMin, max: parameter.referenceRangeMax, status: parameter.status }
}

describe.each([
	['a text layer', TEXT],
	['OCR laid out in columns', OCR],
])('rows of other languages, from %s', (_, options) => {
	it.each([
		// Portuguese: dotted leaders, a range joined by 'a', the unit printed again after the range
		['Hemácias.......:   4,35 milhões/mm3   4,00 a 5,50 milhões/mm3', 'rbc', 4.35, 4, 5.5, 'normal'],
		['Hemoglobina..........:   11,2 g/dL   12,0 a 16,0 g/dL', 'hemoglobin', 11.2, 12, 16, 'low'],
		// French: 'à', and an upper bound in words
		['Hémoglobine   13,5 g/dL   13,0 à 17,0', 'hemoglobin', 13.5, 13, 17, 'normal'],
		['Glycémie   1,32 g/L   0,70 à 1,10', 'glucose', 1.32, 0.7, 1.1, 'high'],
		// German: 'bis'
		['Hämoglobin   14,2   g/dl   13,5 bis 17,5', 'hemoglobin', 14.2, 13.5, 17.5, 'normal'],
		['Kreatinin   1,4   mg/dl   0,5 bis 1,2', 'creatinine', 1.4, 0.5, 1.2, 'high'],
		// Spanish: 'de ... a ...'
		['Leucocitos   6,5   x10^3/uL   de 4,0 a 10,0', 'wbc', 6.5, 4, 10, 'normal'],
		// a tilde between the bounds (Chinese and Japanese reports)
		['PLT   250   10^9/L   125~350', 'platelets', 250, 125, 350, 'normal'],
	])('%s', (line, code, value, min, max, status) => {
		expect(row(line, options)).toEqual({ code, value, min, max, status })
	})
})

describe('a word between two numbers is a range only where it joins two bounds', () => {
	it('does not read a value and a later number as a range', () => {
		// the value stays the value: 'a' follows the range, it joins nothing
		expect(row('Hemoglobina   13,5 g/dL   12,0 - 16,0 a', TEXT)).toMatchObject({ value: 13.5, min: 12, max: 16 })
	})
})

describe('a lost decimal point is judged in the unit the row prints', () => {
	const ocr: LabParseOptions = { source: 'ocr', testDate: null, grade: true, columnGaps: true }
	it('keeps a count per microlitre as printed: 55 cells/uL is plausible, not 55 thousand', () => {
		expect(row('ABSOLUTE EOSINOPHILS   55   cells/uL   15-500', ocr)).toMatchObject({ value: 55, status: 'normal' })
		expect(row('Eosinophils Absolute   104   /cumm   40-440', ocr)).toMatchObject({ value: 104, status: 'normal' })
	})

	it('still restores a point lost in the analyte’s own unit', () => {
		expect(row('Hemoglobin   135   g/dL   12.0-16.0', ocr)).toMatchObject({ value: 13.5 })
	})
})
