import { describe, expect, it } from 'vitest'
import { gradeParameter } from '#server/lab-vocabulary/parameter-status.ts'
import { checkPlausibility, markValuesToCheck } from './plausibility.ts'
import type { ExtractedParameter } from '../types.ts'

type Row = {
	code: string
	value: number
	valueText?: string
	unit: string | null
	min?: number | null
	max?: number | null
	range?: string | null
	flag?: string | null
}

/** A value as the readers give it, graded against its printed range. */
function row({ code, value, valueText, unit, min = null, max = null, range = null, flag = null }: Row): ExtractedParameter {
	const status = min === null && max === null ? null : gradeParameter({ code, value, unit, min, max })
	return {
		code,
		loinc: null,
		name: code,
		value,
		valueText: valueText ?? String(value),
		unit,
		ucumUnit: null,
		referenceRangeMin: min,
		referenceRangeMax: max,
		referenceRangeText: range ?? (min !== null && max !== null ? `${min} - ${max}` : null),
		status,
		testDate: null,
		...(flag ? { flag } : {}),
	}
}

describe('checkPlausibility', () => {
	it('accepts a value whose name, value, unit and range agree', () => {
		expect(checkPlausibility(row({ code: 'glucose', value: 92, unit: 'mg/dL', min: 70, max: 99 }))).toBeNull()
		expect(checkPlausibility(row({ code: 'glucose', value: 5.1, unit: 'mmol/L', min: 3.9, max: 5.5 }))).toBeNull()
		expect(checkPlausibility(row({ code: 'platelets', value: 250000, unit: '/cumm', min: 150000, max: 450000 }))).toBeNull()
		expect(checkPlausibility(row({ code: 'hemoglobin', value: 140, unit: 'g/L', min: 120, max: 160 }))).toBeNull()
	})

	it('judges a count printed per microlitre in thousands per microlitre, the analyte unit', () => {
		expect(checkPlausibility(row({ code: 'neutrophils_abs', value: 3596, unit: 'cells/uL', min: 1500, max: 7800 }))).toBeNull()
		expect(checkPlausibility(row({ code: 'lymphocytes_abs', value: 1450, unit: '/uL', min: 850, max: 3900 }))).toBeNull()
		// the same digits in the analyte's own unit are not a count anybody has
		expect(checkPlausibility(row({ code: 'neutrophils_abs', value: 3596, unit: '10^3/uL', min: 1.5, max: 7.8 }))?.code).toBe('value_implausible')
	})

	it('accepts U/L and IU/L for the same enzyme, and mU/L for TSH', () => {
		expect(checkPlausibility(row({ code: 'alt', value: 30, unit: 'IU/L', min: 7, max: 56 }))).toBeNull()
		expect(checkPlausibility(row({ code: 'tsh', value: 2.1, unit: 'mU/L', min: 0.27, max: 4.2 }))).toBeNull()
	})

	it('keeps a unit of the wrong dimension to check', () => {
		expect(checkPlausibility(row({ code: 'sodium', value: 140, unit: 'mg/dL', min: 135, max: 145 }))).toEqual({
			code: 'unit_dimension',
			reason: 'The unit "mg/dL" does not measure Sodium.',
		})
		expect(checkPlausibility(row({ code: 'glucose', value: 95, unit: 'U/L' }))?.code).toBe('unit_dimension')
		expect(checkPlausibility(row({ code: 'wbc', value: 6.1, unit: 'g/dL' }))?.code).toBe('unit_dimension')
	})

	it('accepts the UCUM code a C-CDA or FHIR file gives (mm[Hg], not a printed spelling)', () => {
		expect(checkPlausibility({ ...row({ code: 'systolic_bp', value: 128, unit: 'mm[Hg]' }), ucumUnit: 'mm[Hg]' })).toBeNull()
		expect(checkPlausibility(row({ code: 'systolic_bp', value: 128, unit: 'mm[Hg]' }))).toBeNull()
		expect(checkPlausibility({ ...row({ code: 'glucose', value: 112, unit: 'mg/dL', min: 70, max: 99 }), ucumUnit: 'mg/dL' })).toBeNull()
	})

	it('keeps a unit nobody recognises to check', () => {
		expect(checkPlausibility(row({ code: 'glucose', value: 95, unit: 'mq/zz' }))).toEqual({
			code: 'unit_unknown',
			reason: 'The unit "mq/zz" was not recognised.',
		})
	})

	it('keeps a value outside the physiological span to check', () => {
		const found = checkPlausibility(row({ code: 'potassium', value: 45, unit: 'mmol/L', min: 3.5, max: 5.1 }))
		expect(found?.code).toBe('value_implausible')
		expect(found?.reason).toBe('The value 45 is outside what is possible for Potassium; it may have been misread.')
		expect(checkPlausibility(row({ code: 'sodium', value: 14, unit: 'mmol/L' }))?.code).toBe('value_implausible')
		expect(checkPlausibility(row({ code: 'glucose', value: Number.NaN, unit: 'mg/dL' }))?.code).toBe('value_implausible')
	})

	it('keeps a range with a dropped digit to check (30 - 400 read as 30 - 40)', () => {
		const found = checkPlausibility(row({ code: 'ferritin', value: 120, unit: 'ng/mL', min: 30, max: 40 }))
		expect(found).toEqual({ code: 'range_implausible', reason: 'The reference range "30 - 40" is unusual for Ferritin; a digit may have been misread.' })
	})

	it('keeps a range ten times too high to check', () => {
		expect(checkPlausibility(row({ code: 'glucose', value: 92, unit: 'mg/dL', min: 700, max: 990 }))?.code).toBe('range_implausible')
		expect(checkPlausibility(row({ code: 'hemoglobin', value: 14, unit: 'g/dL', min: 120, max: 160 }))?.code).toBe('range_implausible')
	})

	it('keeps a range printed in another unit than the value to check', () => {
		// mmol/L bounds beside mg/dL
		expect(checkPlausibility(row({ code: 'glucose', value: 92, unit: 'mg/dL', min: 3.9, max: 5.5 }))?.code).toBe('range_implausible')
	})

	it('keeps a range bound beyond anything possible to check', () => {
		expect(checkPlausibility(row({ code: 'potassium', value: 4.2, unit: 'mmol/L', min: 3.5, max: 51 }))?.code).toBe('range_implausible')
	})

	it("accepts laboratories' own intervals that differ from the usual one", () => {
		expect(checkPlausibility(row({ code: 'ferritin', value: 80, unit: 'ng/mL', min: 4.6, max: 204 }))).toBeNull()
		expect(checkPlausibility(row({ code: 'crp', value: 0.4, unit: 'mg/L', max: 1, range: '< 1' }))).toBeNull()
		expect(checkPlausibility(row({ code: 'crp', value: 0.4, unit: 'mg/dL', max: 0.5, range: '< 0.5' }))).toBeNull()
		expect(checkPlausibility(row({ code: 'vitamin_b12', value: 400, unit: 'pmol/L', min: 145, max: 569 }))).toBeNull()
	})

	it('reads ranges written with < and > (an upper or a lower limit only)', () => {
		expect(checkPlausibility(row({ code: 'triglycerides', value: 120, unit: 'mg/dL', max: 150, range: '< 150.00' }))).toBeNull()
		expect(checkPlausibility(row({ code: 'hdl', value: 52, unit: 'mg/dL', min: 40, range: '> 40.00' }))).toBeNull()
		expect(checkPlausibility(row({ code: 'egfr', value: 95, unit: 'mL/min/1.73m2', min: 60, range: '> 60' }))).toBeNull()
		// '< 15' for triglycerides: a digit lost
		expect(checkPlausibility(row({ code: 'triglycerides', value: 120, unit: 'mg/dL', max: 15, range: '< 15' }))?.code).toBe('range_implausible')
		// '> 400' for HDL: a digit gained
		expect(checkPlausibility(row({ code: 'hdl', value: 52, unit: 'mg/dL', min: 400, range: '> 400' }))?.code).toBe('range_implausible')
	})

	it('accepts a value with a < or > sign', () => {
		expect(checkPlausibility(row({ code: 'crp', value: 0.5, valueText: '<0.5', unit: 'mg/L', max: 5, range: '< 5' }))).toBeNull()
	})

	it('accepts a value printed without a range or a unit', () => {
		expect(checkPlausibility(row({ code: 'hemoglobin', value: 13.2, unit: null }))).toBeNull()
		expect(checkPlausibility(row({ code: 'inr', value: 1.1, unit: null, min: 0.8, max: 1.2 }))).toBeNull()
		// no unit, a range in one of the analyte's units (mmol/L glucose)
		expect(checkPlausibility(row({ code: 'glucose', value: 5.2, unit: null, min: 3.9, max: 5.5 }))).toBeNull()
		// no unit, a range that fits none of them
		expect(checkPlausibility(row({ code: 'glucose', value: 92, unit: null, min: 700, max: 9900 }))?.code).toBe('range_implausible')
	})

	it('keeps a value whose printed flag disagrees with its status to check', () => {
		const found = checkPlausibility(row({ code: 'glucose', value: 92, unit: 'mg/dL', min: 70, max: 99, flag: 'H' }))
		expect(found).toEqual({ code: 'flag_disagrees', reason: 'The report marks this value high, but against its reference range it is normal.' })
		expect(checkPlausibility(row({ code: 'glucose', value: 120, unit: 'mg/dL', min: 70, max: 99, flag: 'Low' }))?.code).toBe('flag_disagrees')
	})

	it('keeps a repaired value that the other reading of its page reads otherwise to check, after the other rules', () => {
		const repaired = { ...row({ code: 'eosinophils_pct', value: 15.7, valueText: '15.7', unit: '%', min: 1, max: 6 }), isValueRepaired: true }
		expect(checkPlausibility({ ...repaired, otherReadingValueText: '1.7' })).toEqual({
			code: 'readings_disagree',
			reason: 'The scan was read twice and the readings differ (15.7 or 1.7); a digit may have been misread.',
		})
		// a decimal point inferred, with no other reading: still to check, as the value is far past its range
		expect(checkPlausibility(repaired)).toEqual({
			code: 'readings_disagree',
			reason:
				"The scan's digits were unclear and 15.7 was inferred (a decimal point or a letter read as a digit); it does not fit this test's usual and printed ranges.",
		})
		expect(checkPlausibility({ ...repaired, unit: 'mg/dL', otherReadingValueText: '1.7' })?.code).toBe('unit_dimension')
	})

	it('accepts a doubtful value only where the usual interval and the printed range both agree with it', () => {
		const monocytes = { ...row({ code: 'monocytes_pct', value: 9.1, valueText: '9.1', unit: '%', min: 2, max: 10 }), otherReadingValueText: '9.4' }
		expect(checkPlausibility(monocytes)).toBeNull()
		expect(checkPlausibility({ ...monocytes, isValueRepaired: true })).toBeNull()
		// '55' read as '5.5' against 40 - 60: the printed range does not agree
		const albumin = { ...row({ code: 'albumin', value: 5.5, valueText: '5.5', unit: 'g/L', min: 35, max: 52 }), isValueRepaired: true }
		expect(checkPlausibility(albumin)?.code).toBe('readings_disagree')
		expect(checkPlausibility({ ...albumin, value: 45, valueText: '45' })).toBeNull()
		// without a printed range nothing confirms the digits
		expect(checkPlausibility({ ...monocytes, referenceRangeMin: null, referenceRangeMax: null, referenceRangeText: null })?.code).toBe('readings_disagree')
		// digits read as printed and not doubted by another reading: not this rule's
		expect(checkPlausibility({ ...monocytes, value: 19, valueText: '19', otherReadingValueText: undefined })?.code).not.toBe('readings_disagree')
	})

	it('keeps a value read from a row of several results, whose newest column is not known, to check', () => {
		const first = { ...row({ code: 'lymphocytes_pct', value: 25.8, valueText: '25.8', unit: '%', min: 20, max: 45 }), hasSeveralResults: true }
		expect(checkPlausibility(first)).toEqual({
			code: 'several_results',
			reason: 'The row shows several results side by side and the scan does not say which is the newest; 25.8 was read from the first.',
		})
		expect(checkPlausibility({ ...first, hasSeveralResults: false })).toBeNull()
	})

	it('says of an imported value what is doubtful, never that it was misread, and never prints a raw float', () => {
		const imported = row({ code: 'glucose', value: 4201.297388013491, valueText: '4201.297388013491', unit: 'mg/dL', min: 70, max: 99 })
		const reason = checkPlausibility(imported, 'imported')
		expect(reason?.code).toBe('value_implausible')
		expect(reason?.reason).toBe(
			'The imported value 4201 is outside what is possible for Glucose; the record may give it in another unit than it states. Check it against the original.',
		)
		expect(reason?.reason).not.toMatch(/misread/)
		// read from a page: the same rule says a digit may have been misread, with the value as shown
		expect(checkPlausibility(imported)?.reason).toBe('The value 4201 is outside what is possible for Glucose; it may have been misread.')
	})

	it('accepts a flag on the very bound it points past (the laboratory counts its bound outside the range)', () => {
		expect(checkPlausibility(row({ code: 'chloride', value: 99, unit: 'mmol/L', min: 99, max: 109, flag: 'L' }))).toBeNull()
		expect(checkPlausibility(row({ code: 'hdl', value: 40, unit: 'mg/dL', min: 40, range: '>40', flag: 'Low' }))).toBeNull()
		expect(checkPlausibility(row({ code: 'glucose', value: 99, unit: 'mg/dL', min: 70, max: 99, flag: 'H' }))).toBeNull()
		// a bound the flag does not point past, or a value just inside: the flag disagrees
		expect(checkPlausibility(row({ code: 'chloride', value: 109, unit: 'mmol/L', min: 99, max: 109, flag: 'L' }))?.code).toBe('flag_disagrees')
		expect(checkPlausibility(row({ code: 'chloride', value: 100, unit: 'mmol/L', min: 99, max: 109, flag: 'L' }))?.code).toBe('flag_disagrees')
	})

	it('accepts a flag that agrees, and a critical value flagged high', () => {
		expect(checkPlausibility(row({ code: 'glucose', value: 120, unit: 'mg/dL', min: 70, max: 99, flag: 'H' }))).toBeNull()
		expect(checkPlausibility(row({ code: 'glucose', value: 60, unit: 'mg/dL', min: 70, max: 99, flag: 'L' }))).toBeNull()
		expect(checkPlausibility(row({ code: 'glucose', value: 450, unit: 'mg/dL', min: 70, max: 99, flag: 'H' }))).toBeNull()
		// a word that is not a status is no disagreement
		expect(checkPlausibility(row({ code: 'glucose', value: 92, unit: 'mg/dL', min: 70, max: 99, flag: 'Final' }))).toBeNull()
	})

	it('leaves codes outside the vocabulary alone', () => {
		expect(checkPlausibility(row({ code: 'not_a_code', value: 1, unit: 'kg' }))).toBeNull()
	})
})

describe('markValuesToCheck', () => {
	it('marks only the values that disagree and clears an earlier mark', () => {
		const marked = markValuesToCheck([
			row({ code: 'sodium', value: 140, unit: 'mmol/L', min: 135, max: 145 }),
			row({ code: 'ferritin', value: 120, unit: 'ng/mL', min: 30, max: 40 }),
			{ ...row({ code: 'potassium', value: 4.1, unit: 'mmol/L', min: 3.5, max: 5.1 }), toCheck: { code: 'unit_unknown', reason: 'old' } },
		])
		expect(marked.map((value) => value.toCheck?.code ?? null)).toEqual([null, 'range_implausible', null])
		expect('toCheck' in marked[2]).toBe(false)
	})
})

describe('units with qualifiers, counts per cubic millimetre and intervals near zero', () => {
	it('judges a unit with a qualifier by the unit it qualifies', () => {
		expect(checkPlausibility(row({ code: 'd_dimer', value: 0.85, unit: 'ug/mL FEU', max: 0.5, range: '< 0.50' }))).toBeNull()
		expect(checkPlausibility(row({ code: 'd_dimer', value: 310, unit: 'ng/mL DDU', max: 250, range: '< 250' }))).toBeNull()
		expect(checkPlausibility(row({ code: 'hba1c', value: 6.1, unit: '% of total Hgb', max: 5.7, range: '<5.7' }))).toBeNull()
		expect(checkPlausibility(row({ code: 'hba1c', value: 43, unit: 'mmol/mol (IFCC)', min: 20, max: 42 }))).toBeNull()
		expect(checkPlausibility(row({ code: 'hba1c', value: 6, unit: 'ug/mL FEU' }))?.code).toBe('unit_dimension')
	})

	it('reads a count per cubic millimetre or per mcL as one per microlitre, in the analyte’s unit', () => {
		expect(checkPlausibility(row({ code: 'wbc', value: 6100, unit: '/cu.mm', min: 4000, max: 11000 }))).toBeNull()
		expect(checkPlausibility(row({ code: 'wbc', value: 8300, unit: 'cells/mm³', min: 4500, max: 11000 }))).toBeNull()
		expect(checkPlausibility(row({ code: 'rbc', value: 4.1, unit: 'million/mcL', min: 4.5, max: 5.5 }))).toBeNull()
		expect(checkPlausibility(row({ code: 'platelets', value: 2.1, unit: 'lakh/cumm', min: 1.5, max: 4.1 }))).toBeNull()
		expect(checkPlausibility(row({ code: 'wbc', value: 61, unit: '/cu.mm', min: 40, max: 110 }))?.code).toBe('value_implausible')
	})

	it('holds back a value in a known unit of the right dimension but a thousand times off', () => {
		expect(checkPlausibility(row({ code: 'calcium', value: 9.4, unit: 'g/dL', min: 8.5, max: 10.5 }))?.code).toBe('value_implausible')
	})

	it('takes a lower bound near zero as a laboratory’s floor where the usual interval starts near zero', () => {
		expect(checkPlausibility(row({ code: 'alt', value: 22, unit: 'U/L', min: 1, max: 50 }))).toBeNull()
		expect(checkPlausibility(row({ code: 'ggt', value: 30, unit: 'U/L', min: 0.5, max: 55 }))).toBeNull()
		expect(checkPlausibility(row({ code: 'tsh', value: 1.2, unit: 'mIU/L', min: 0.05, max: 4.5 }))).toBeNull()
		// a floor too high is still a misreading ('7 - 45' read as '70 - 450')
		expect(checkPlausibility(row({ code: 'alt', value: 90, unit: 'U/L', min: 70, max: 75 }))?.code).toBe('range_implausible')
		// an interval away from zero: a lower bound a digit short is a misreading
		expect(checkPlausibility(row({ code: 'sodium', value: 128, unit: 'mmol/L', min: 13, max: 145 }))?.code).toBe('range_implausible')
		expect(checkPlausibility(row({ code: 'glucose', value: 80, unit: 'mg/dL', min: 7, max: 99 }))?.code).toBe('range_implausible')
	})
})
