import { describe, expect, it } from 'vitest'
import { OCR, one, TEXT } from '#tests/support/lab-lines.ts'
import { parseLabLine, type LabParseOptions } from './lab-values.ts'

/** Units as the row reader takes them: a qualifier after the unit, a unit that tells the analyte, whole counts per volume (rows/README.md, units). */

describe('a unit printed with a qualifier', () => {
	it('keeps the qualifier with the unit in a unit column, a range cell or an OCR line', () => {
		const rows = [
			['D-Dimer      0.42      µg/mL FEU      < 0.50', TEXT],
			['Dímero D      310      ng/mL DDU      < 250', TEXT],
			['Glycohemoglobin      5.4      Normal      4.0-5.6 % of total Hb      02', TEXT],
			['HbA1c 48 mmol/mol (IFCC) 20 - 42', OCR],
			['Hemoglobin A1c 6.8 % of total Hgb H 4.0-5.6', OCR],
		] as const
		expect(rows.map(([line, options]) => one(line, options).unit)).toEqual(['µg/mL FEU', 'ng/mL DDU', '% of total Hb', 'mmol/mol (IFCC)', '% of total Hgb'])
		expect(one('Hemoglobin A1c 6.8 % of total Hgb H 4.0-5.6', OCR)).toMatchObject({
			value: 6.8,
			referenceRangeMax: 5.6,
			status: 'high',
			flag: 'H',
			ucumUnit: '%{of_total_Hgb}',
		})
	})

	it('does not take the next column for a qualifier', () => {
		expect(one('D-Dimer      0.42      ug/mL      FEU assay      < 0.50').unit).toBe('ug/mL')
		expect(one('Glucose      92      mg/dL      70 - 99      Final').unit).toBe('mg/dL')
	})
})

describe('a name whose unit tells which analyte it is', () => {
	it('reads a bare T4 or T3 in a free hormone’s unit as the free hormone, in the total’s unit as the total', () => {
		expect(one('T4 (thyroxine)      1.1      ng/dL      0.8 - 1.8')).toMatchObject({ code: 'free_t4', value: 1.1 })
		expect(one('Thyroxine      14.2      pmol/L      9 - 19')).toMatchObject({ code: 'free_t4' })
		expect(one('T4      8.1      ug/dL      4.5 - 12.0')).toMatchObject({ code: 't4_total' })
		expect(one('T3      3.1      pg/mL      2.0 - 4.4')).toMatchObject({ code: 'free_t3' })
		expect(one('T3      120      ng/dL      80 - 200')).toMatchObject({ code: 't3_total' })
	})
})

describe('whole counts per volume', () => {
	it('reads three digits after a mark in a count without a power of ten as thousands, whichever the decimal mark', () => {
		const comma: LabParseOptions = { ...TEXT, decimalComma: true }
		expect(one('Leucocitos      18.000 /mL      Hasta 10,000 /mL', comma)).toMatchObject({
			code: 'urine_wbc',
			value: 18000,
			referenceRangeMax: 10000,
			status: 'high',
		})
		expect(one('Total WBC Count      7.200      /cumm      4,000 - 11,000')).toMatchObject({
			code: 'wbc',
			value: 7200,
			referenceRangeMin: 4000,
			referenceRangeMax: 11000,
		})
		// a power of ten in the unit: decimals are decimals
		expect(one('WBC      7.250      10^3/uL      4.000 - 11.000')).toMatchObject({ value: 7.25, referenceRangeMin: 4, referenceRangeMax: 11 })
	})

	it('takes no value from a code column after a row’s range and unit when its result was words', () => {
		expect(parseLabLine('Urine WBC      NONE SEEN      NORMAL      < OR = 5 /HPF      01', TEXT)).toEqual([])
		expect(parseLabLine('Leukozyten im Urin      negativ      < 25 /µL      3', TEXT)).toEqual([])
	})

	it('leaves a range cell with a number after its range unread', () => {
		expect(one('Hemácias      5.000 /mL      Ate1 5.000 /mL', { ...TEXT, decimalComma: true })).toMatchObject({
			value: 5000,
			referenceRangeMin: null,
			referenceRangeMax: null,
			status: null,
		})
		expect(one('Glucose      92      mg/dL      70 - 99      3')).toMatchObject({ referenceRangeMin: 70, referenceRangeMax: 99 })
	})
})

describe('a run-on line', () => {
	it('reads no rows from a line longer than any printed line, instead of recursing row by row', () => {
		expect(parseLabLine('Glucose  5  mg/dL  '.repeat(10000), { ...TEXT, columnGaps: true })).toEqual([])
	})
})
