import { describe, expect, it } from 'vitest'
import { displayUnit, formatMeasurement, formatValueText } from './measurement.ts'

describe('displayUnit', () => {
	it.each([
		['mm[Hg]', 'mmHg'],
		['10*3/uL', '10^3/uL'],
		['10*6/uL', '10^6/uL'],
		['[lb_av]', 'lb'],
		['[in_i]', 'in'],
		['kg/m2', 'kg/m²'],
		['Cel', '°C'],
		['[IU]/L', 'IU/L'],
		['u[IU]/mL', 'µIU/mL'],
		['mL/min/{1.73_m2}', 'mL/min/1.73m²'],
		['mg/dL', 'mg/dL'],
		['x10^3/uL', 'x10^3/uL'],
	])('%s reads %s', (unit, shown) => {
		expect(displayUnit(unit)).toBe(shown)
	})

	it("writes no unit for UCUM's unity or a bare annotation", () => {
		expect(displayUnit('1')).toBe('')
		expect(displayUnit('{score}')).toBe('')
		expect(displayUnit(null)).toBe('')
	})
})

describe('formatValueText', () => {
	it('keeps what the source printed', () => {
		expect(formatValueText('13.80')).toBe('13.80')
		expect(formatValueText('0.7')).toBe('0.7')
		expect(formatValueText('8,200')).toBe('8,200')
		expect(formatValueText('1.2345')).toBe('1.2345')
	})

	it('rounds a computed float to a reading’s precision', () => {
		expect(formatValueText('188.55088885812418')).toBe('189')
		expect(formatValueText('80.23456789')).toBe('80.2')
		expect(formatValueText('5.4321234')).toBe('5.43')
		expect(formatValueText('0.012345678')).toBe('0.0123')
		expect(formatValueText('1234.567891')).toBe('1235')
	})
})

describe('formatMeasurement', () => {
	it('joins value and unit as people read them', () => {
		expect(formatMeasurement('188.55088885812418', 'mm[Hg]')).toBe('189 mmHg')
		expect(formatMeasurement('107', 'mg/dL')).toBe('107 mg/dL')
		expect(formatMeasurement('56.3', '%')).toBe('56.3%')
		expect(formatMeasurement('1', '1')).toBe('1')
		expect(formatMeasurement('1.4', null)).toBe('1.4')
	})
})
