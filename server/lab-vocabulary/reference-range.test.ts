import { describe, expect, it } from 'vitest'
import { isNoRangeMarker, parseBloodPressureRange, parseReferenceRange } from './reference-range.ts'

describe('parseReferenceRange', () => {
	it.each([
		['70-99', 70, 99],
		['70 - 99', 70, 99],
		['4.5 - 11.0', 4.5, 11],
		['0.450-4.500', 0.45, 4.5],
		['0-7', 0, 7],
		['3.5 – 5.1', 3.5, 5.1],
		['10 to 40', 10, 40],
		['4,0 - 5,6', 4, 5.6],
		['-2.0 - 3.0', -2, 3],
		['-2 - +2', -2, 2],
		['5.4--8.4', 5.4, 8.4],
		['1.005 -- 1.030', 1.005, 1.03],
		['-3--1', -3, -1],
		['0-5/uL', 0, 5],
		['150-450/uL', 150, 450],
		['0 - 1000 /cumm', 0, 1000],
		['4.0-11.0/nL', 4, 11],
	])('reads a two-sided range %s', (text, min, max) => {
		expect(parseReferenceRange(text)).toMatchObject({ min, max })
	})

	it.each([
		['<200', null, 200],
		['<=200', null, 200],
		['≤ 200', null, 200],
		['=<150', null, 150],
		['>40', 40, null],
		['>=40', 40, null],
		['≥60', 60, null],
		['> 59', 59, null],
		['<5.7', null, 5.7],
		['< OR = 20', null, 20],
		['<3/HPF', null, 3],
		['< 2 /LPF', null, 2],
		['> or = 60', 60, null],
	])('reads a one-sided range %s', (text, min, max) => {
		expect(parseReferenceRange(text)).toMatchObject({ min, max })
	})

	it('keeps the printed text, tidied', () => {
		expect(parseReferenceRange(' 3.8 -  10.8 ')?.text).toBe('3.8 - 10.8')
	})

	it.each(['', 'Final', '107', '99-70', '726-378-6985', 'mg/dL', '—'])('refuses %j', (text) => {
		expect(parseReferenceRange(text)).toBeNull()
	})
})

describe('ranges written with a word or a sign, in the report languages', () => {
	it.each([
		['4,00 a 5,50', 4, 5.5],
		['13,0 à 17,0', 13, 17],
		['10 bis 20', 10, 20],
		['0,5 до 1,2', 0.5, 1.2],
		['12 to 16', 12, 16],
		['320~360', 320, 360],
		['3.5 ～ 9.5', 3.5, 9.5],
		['(0.20-1.00)', 0.2, 1],
		['de 4,0 a 10,0', 4, 10],
		['entre 4,0 e 5,5', 4, 5.5],
		['od 4 do 10', 4, 10],
		['von 3,5 bis 5,1', 3.5, 5.1],
		['3.5 .. 5.1', 3.5, 5.1],
		['4.0 đến 10.0', 4, 10],
		['150 - 400 /uL', 150, 400],
	])('reads %s as %s to %s', (printed, min, max) => {
		expect(parseReferenceRange(printed)).toMatchObject({ min, max })
	})

	it.each([
		['Inf à 40', null, 40],
		['inférieur à 0,5', null, 0.5],
		['menor que 200', null, 200],
		['kleiner als 5', null, 5],
		['unter 1,0', null, 1],
		['do 10', null, 10],
		['до 5', null, 5],
		['max. 34', null, 34],
		['Sup à 60', 60, null],
		['mayor que 40', 40, null],
		['acima de 60', 60, null],
		['größer als 1,2', 1.2, null],
		['min. 3', 3, null],
	])('reads the one bound of %s', (printed, min, max) => {
		expect(parseReferenceRange(printed)).toMatchObject({ min, max })
	})

	it('takes no word for a range that joins no two numbers', () => {
		expect(parseReferenceRange('a 5.5')).toBeNull()
		expect(parseReferenceRange('4.00 a')).toBeNull()
		expect(parseReferenceRange('see note')).toBeNull()
		expect(parseReferenceRange('10 a 5')).toBeNull()
	})
})

describe('parseBloodPressureRange', () => {
	it('splits a combined blood-pressure range', () => {
		const [systolic, diastolic] = parseBloodPressureRange('<120/<80') ?? []
		expect(systolic).toMatchObject({ min: null, max: 120 })
		expect(diastolic).toMatchObject({ min: null, max: 80 })
	})

	it('reads two-sided parts', () => {
		expect(parseBloodPressureRange('90-120/60-80')?.map((range) => [range.min, range.max])).toEqual([
			[90, 120],
			[60, 80],
		])
	})

	it('refuses a plain reading', () => {
		expect(parseBloodPressureRange('147/84')).toBeNull()
	})
})

describe('isNoRangeMarker', () => {
	it('knows the dash and N/A', () => {
		expect(isNoRangeMarker('—')).toBe(true)
		expect(isNoRangeMarker('N/A')).toBe(true)
		expect(isNoRangeMarker('70-99')).toBe(false)
	})
})
