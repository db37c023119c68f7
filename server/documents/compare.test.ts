import { describe, expect, it } from 'vitest'
import { leftInRightUnit, pairParameters } from './compare.ts'

const row = (code: string, value: number, unit: string | null) => ({
	id: `${code}-${value}`,
	code,
	name: code.toUpperCase(),
	value,
	unit,
	ucumUnit: null,
	referenceRangeMin: null,
	referenceRangeMax: null,
	status: null,
	documentId: null,
	valueText: String(value),
})

describe('Compare Records: units by UCUM equality', () => {
	it('compares IU/L with U/L as one unit (AST 22 U/L then 34 IU/L)', () => {
		expect(leftInRightUnit('ast', { value: 22, unit: 'U/L', ucumUnit: null }, { unit: 'IU/L', ucumUnit: null })).toEqual({ value: 22, isConverted: false })
	})

	it('compares µIU/mL with mIU/L as one unit (TSH)', () => {
		expect(leftInRightUnit('tsh', { value: 2.1, unit: 'µIU/mL', ucumUnit: null }, { unit: 'mIU/L', ucumUnit: null })).toEqual({
			value: 2.1,
			isConverted: false,
		})
		expect(leftInRightUnit('tsh', { value: 2.1, unit: 'uIU/mL', ucumUnit: null }, { unit: 'mU/L', ucumUnit: null })).toEqual({ value: 2.1, isConverted: false })
	})

	it('still converts units a factor apart and refuses units that do not compare', () => {
		expect(leftInRightUnit('hemoglobin', { value: 140, unit: 'g/L', ucumUnit: null }, { unit: 'g/dL', ucumUnit: null })).toEqual({
			value: 14,
			isConverted: true,
		})
		expect(leftInRightUnit('ast', { value: 22, unit: 'U/L', ucumUnit: null }, { unit: 'mg/dL', ucumUnit: null })).toBeNull()
	})

	it('gives the change between two dates whose units are printed differently', () => {
		const [ast] = pairParameters([row('ast', 22, 'U/L')] as never, [row('ast', 34, 'IU/L')] as never)
		expect(ast).toMatchObject({ change: 12, changePercent: 54.5, leftConverted: null })
	})
})
