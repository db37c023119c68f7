import { describe, expect, it } from 'vitest'
import { findAnalyteByCode } from '#server/lab-vocabulary/index.ts'
import { analytesForUnit, printedNameKey, printedResultsState, trendValueOf, unitFitsAnalyte, type PrintedRow } from './printed-result-coding.ts'

const analyte = (code: string) => findAnalyteByCode(code)!
const row = (fields: Partial<PrintedRow>): PrintedRow => ({
	name: 'Glicose em jejum',
	value: 92,
	valueText: '92',
	unit: 'mg/dL',
	referenceRangeMin: 70,
	referenceRangeMax: 99,
	referenceRangeText: '70 a 99',
	...fields,
})

describe('a printed row coded as an analyte', () => {
	it('keeps value, unit and range as printed when the unit is the analyte’s', () => {
		expect(trendValueOf(analyte('glucose'), row({}))).toEqual({
			ok: true,
			value: {
				code: 'glucose',
				loinc: '1558-6',
				value: 92,
				valueText: '92',
				unit: 'mg/dL',
				ucumUnit: 'mg/dL',
				referenceRangeMin: 70,
				referenceRangeMax: 99,
				referenceRangeText: '70 a 99',
				status: 'normal',
				isConverted: false,
			},
		})
	})

	it('converts a value and its range into the analyte’s unit (glucose mmol/L to mg/dL), graded there', () => {
		const coded = trendValueOf(
			analyte('glucose'),
			row({
				name: 'Nüchternblutzucker',
				value: 7.2,
				valueText: '7.2',
				unit: 'mmol/L',
				referenceRangeMin: 3.9,
				referenceRangeMax: 5.5,
				referenceRangeText: '3.9 - 5.5',
			}),
		)
		expect(coded).toMatchObject({
			ok: true,
			value: {
				value: 130,
				valueText: '130',
				unit: 'mg/dL',
				ucumUnit: 'mg/dL',
				referenceRangeMin: 70.3,
				referenceRangeMax: 99.1,
				referenceRangeText: '70.3 - 99.1',
				status: 'high',
				isConverted: true,
			},
		})
	})

	it('converts creatinine from umol/L and HbA1c from IFCC mmol/mol (the master equation)', () => {
		expect(
			trendValueOf(analyte('creatinine'), row({ value: 88, valueText: '88', unit: 'µmol/L', referenceRangeMin: 62, referenceRangeMax: 106 })),
		).toMatchObject({
			ok: true,
			value: { value: 0.995, unit: 'mg/dL', referenceRangeMin: 0.701, referenceRangeMax: 1.2, status: 'normal' },
		})
		expect(
			trendValueOf(
				analyte('hba1c'),
				row({ value: 48, valueText: '48', unit: 'mmol/mol', referenceRangeMin: null, referenceRangeMax: 42, referenceRangeText: '< 42' }),
			),
		).toMatchObject({
			ok: true,
			value: { value: 6.54, unit: '%', referenceRangeMax: 5.99, status: 'high' },
		})
	})

	it('keeps a printed comparator when it converts', () => {
		expect(trendValueOf(analyte('glucose'), row({ value: 1.1, valueText: '<1.1', unit: 'mmol/L' }))).toMatchObject({ ok: true, value: { valueText: '<19.8' } })
	})

	it('refuses a unit that cannot be the analyte’s', () => {
		expect(trendValueOf(analyte('glucose'), row({ unit: 'U/L' }))).toEqual({ ok: false, code: 'unit-incompatible' })
		expect(trendValueOf(analyte('ferritin'), row({ unit: '%' }))).toEqual({ ok: false, code: 'unit-incompatible' })
	})

	it('refuses a value the analyte cannot have', () => {
		expect(trendValueOf(analyte('sodium'), row({ value: 4.2, valueText: '4.2', unit: 'mmol/L' }))).toEqual({ ok: false, code: 'value-implausible' })
		expect(trendValueOf(analyte('glucose'), row({ value: 50_000, valueText: '50000', unit: null }))).toEqual({ ok: false, code: 'value-implausible' })
	})

	it('keeps a row without a unit as printed (as extraction keeps a coded row without one)', () => {
		expect(trendValueOf(analyte('glucose'), row({ unit: null }))).toMatchObject({
			ok: true,
			value: { value: 92, unit: null, ucumUnit: null, isConverted: false },
		})
	})

	it('takes a spelling the vocabulary lists for the analyte as its unit', () => {
		expect(trendValueOf(analyte('wbc'), row({ value: 6.1, valueText: '6.1', unit: 'x10^3/uL', referenceRangeMin: 4, referenceRangeMax: 10 }))).toMatchObject({
			ok: true,
			value: { value: 6.1, unit: 'x10^3/uL', isConverted: false, status: 'normal' },
		})
	})
})

describe('the analytes offered for a printed unit', () => {
	it('are those the unit converts to, never vital signs', () => {
		const codes = analytesForUnit('mmol/L').map((analyte) => analyte.code)
		expect(codes).toEqual(expect.arrayContaining(['glucose', 'sodium', 'total_cholesterol']))
		expect(codes).not.toContain('wbc')
		expect(codes).not.toContain('hba1c')
		expect(analytesForUnit(null).some((analyte) => analyte.category === 'vitals')).toBe(false)
		expect(unitFitsAnalyte(analyte('hba1c'), 'mmol/mol')).toBe(true)
		expect(unitFitsAnalyte(analyte('tsh'), 'µUI/mL')).toBe(true)
		expect(unitFitsAnalyte(analyte('tsh'), 'g/L')).toBe(false)
	})

	it('are listed once for the page, with the codes each row’s unit converts to', () => {
		const state = printedResultsState([
			{ unit: 'mmol/L', coded: null },
			{ unit: 'mmol/L', coded: null },
			{ unit: 'U/L', coded: { code: 'alt' } },
		])
		expect(Object.keys(state.codesByUnit)).toEqual(['mmol/L'])
		expect(state.analytes.map((analyte) => analyte.code).sort()).toEqual([...state.codesByUnit['mmol/L']].sort())
		expect(state.analytes.find((analyte) => analyte.code === 'glucose')).toMatchObject({ name: 'Glucose', unit: 'mg/dL' })
	})
})

describe('the key a printed name is remembered by', () => {
	it('folds case, accents and spacing as the vocabulary compares names', () => {
		expect(printedNameKey('  ZONULIN ')).toBe(printedNameKey('Zonulin'))
		expect(printedNameKey('Glicose em Jejum')).toBe(printedNameKey('glicose em jejum'))
		expect(printedNameKey('Élastase pancréatique')).toBe('elastase pancreatique')
	})
})
