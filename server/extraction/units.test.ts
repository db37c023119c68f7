import { describe, expect, it } from 'vitest'
import { findAnalyteByCode } from './analytes.ts'
import { looksLikeUnit, repairOcrUnit, tidyUnit } from './units.ts'

describe('looksLikeUnit', () => {
	it.each([
		'mg/dL',
		'mmol/L',
		'%',
		'K/uL',
		'x10^3/uL',
		'10^3/uL',
		'x10E3/uL',
		'mL/min/1.73',
		'mL/min/1.73m2',
		'uIU/mL',
		'fL',
		'pg',
		'lb',
		'in',
		'kg/m2',
		'mmHg',
		'°F',
	])('knows %s', (unit) => {
		expect(looksLikeUnit(unit)).toBe(true)
	})

	it.each(['Final', 'High', '107', '70-99', '<200', 'H', 'range'])('refuses %s', (token) => {
		expect(looksLikeUnit(token)).toBe(false)
	})
})

describe('tidyUnit', () => {
	it('drops the degree sign of temperatures only', () => {
		expect(tidyUnit('°F')).toBe('F')
		expect(tidyUnit('mg/dL')).toBe('mg/dL')
	})
})

describe('repairOcrUnit', () => {
	const analyte = (code: string) => findAnalyteByCode(code) ?? null

	it('maps misreadings to the analyte spelling', () => {
		expect(repairOcrUnit('mg/dt', analyte('glucose'))).toBe('mg/dL')
		expect(repairOcrUnit('u/L', analyte('ast'))).toBe('U/L')
		expect(repairOcrUnit('1073/uL', analyte('platelets'))).toBe('10^3/uL')
		expect(repairOcrUnit('x10A3/uL', analyte('wbc'))).toBe('x10^3/uL')
		expect(repairOcrUnit('Ib', analyte('weight'))).toBe('lb')
		expect(repairOcrUnit('tL', analyte('mcv'))).toBe('fL')
	})

	it('keeps a correct or unknown unit', () => {
		expect(repairOcrUnit('K/uL', analyte('wbc'))).toBe('K/uL')
		expect(repairOcrUnit('mmol/L', analyte('sodium'))).toBe('mmol/L')
		expect(repairOcrUnit('furlongs', analyte('sodium'))).toBe('furlongs')
	})
})
