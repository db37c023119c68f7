import { describe, expect, it } from 'vitest'
import { findAnalyteByCode } from '#server/lab-vocabulary/analytes.ts'
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

describe('repairOcrUnit: only a unit that cannot be right, and only to one meaning', () => {
	const analyte = (code: string) => findAnalyteByCode(code) ?? null

	it('keeps a known unit of the analyte’s dimension as read, so plausibility judges the value in it', () => {
		// 'g/dL' for calcium is one letter from 'mg/dL', but it is a unit laboratories print: 9.4 g/dL goes to check, not to mg/dL
		expect(repairOcrUnit('g/dL', analyte('calcium'))).toBe('g/dL')
		expect(repairOcrUnit('g/L', analyte('glucose'))).toBe('g/L')
		expect(repairOcrUnit('mg/L', analyte('creatinine'))).toBe('mg/L')
	})

	it('repairs a unit of another dimension or none to the one spelling that fits', () => {
		// 'f' is a Fahrenheit for UCUM: for a cell volume it is a femtolitre that lost its l
		expect(repairOcrUnit('f', analyte('mcv'))).toBe('fL')
		expect(repairOcrUnit('f', analyte('rdw_sd'))).toBe('fL')
		expect(repairOcrUnit('tys/pl', analyte('wbc'))).toBe('tys/µl')
		expect(repairOcrUnit('mln/pl', analyte('rbc'))).toBe('mln/µl')
		expect(repairOcrUnit('K/aL', analyte('platelets'))).toBe('K/uL')
	})

	it('reads a bracket, a bar, an l or a T before U/ as the I of international units', () => {
		expect(repairOcrUnit('[U/ml', analyte('anti_tpo'))).toBe('IU/mL')
		expect(repairOcrUnit('TU/ml', analyte('anti_tg'))).toBe('IU/mL')
		expect(repairOcrUnit('lU/mL', analyte('anti_tpo'))).toBe('IU/mL')
	})

	it('does not repair when the closest spellings mean different units', () => {
		// 'XU/mL' is one letter from both 'IU/mL' and 'U/mL' (and UCUM tells U from [IU])
		expect(repairOcrUnit('XU/mL', analyte('anti_tpo'))).toBe('XU/mL')
	})

	it('repairs the unit and keeps its qualifier as printed', () => {
		expect(repairOcrUnit('ug/mI FEU', analyte('d_dimer'))).toBe('ug/mL FEU')
		expect(repairOcrUnit('% of total Hgb', analyte('hba1c'))).toBe('% of total Hgb')
	})
})

describe('repairOcrUnit with the value read', () => {
	const analyte = (code: string) => findAnalyteByCode(code) ?? null

	it('settles a tie between units a factor apart by the one the value is plausible in', () => {
		expect(repairOcrUnit('g/d', analyte('albumin'), 4.1)).toBe('g/dL')
		expect(repairOcrUnit('g/d', analyte('mchc'), 332)).toBe('g/d')
		expect(repairOcrUnit('g/d', analyte('mchc'), 33.2)).toBe('g/dL')
		// no value, or a value plausible in both (the span of MCHC takes g/L prints too): not repaired
		expect(repairOcrUnit('g/d', analyte('albumin'))).toBe('g/d')
	})

	it('reads an l between a prefix and U/ as the I of international units', () => {
		expect(repairOcrUnit('mlU/L', analyte('tsh'), 2.1)).toBe('mIU/L')
		expect(repairOcrUnit('ulU/mL', analyte('tsh'), 2.1)).toBe('uIU/mL')
	})
})

describe('repairOcrUnit on a known unit the value is not plausible in', () => {
	const analyte = (code: string) => findAnalyteByCode(code) ?? null

	it('turns glyphs OCR confuses one for one into the spelling the value fits', () => {
		expect(repairOcrUnit('nmol/L', analyte('sodium'), 139)).toBe('mmol/L')
		expect(repairOcrUnit('nmol/l', analyte('potassium'), 4.4)).toBe('mmol/L')
		// plausible as read: kept
		expect(repairOcrUnit('mg/L', analyte('glucose'), 990)).toBe('mg/L')
	})

	it('keeps a unit missing a letter as read, for the value to be checked', () => {
		expect(repairOcrUnit('g/dL', analyte('calcium'), 9.6)).toBe('g/dL')
		expect(repairOcrUnit('IU/mL', analyte('tsh'), 2.3)).toBe('IU/mL')
	})
})
