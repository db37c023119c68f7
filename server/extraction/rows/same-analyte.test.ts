import { describe, expect, it } from 'vitest'
import { distinctPrintedRows, isSamePrintedRow, markAlternateRows } from './same-analyte.ts'
import type { ExtractedParameter } from '../types.ts'

function row(code: string, name: string, value: number, unit: string | null, more: Partial<ExtractedParameter> = {}): ExtractedParameter {
	return {
		code,
		loinc: null,
		name,
		value,
		valueText: String(value),
		unit,
		ucumUnit: unit,
		referenceRangeMin: null,
		referenceRangeMax: null,
		referenceRangeText: null,
		status: null,
		testDate: '2026-03-02',
		...more,
	}
}

describe('isSamePrintedRow', () => {
	it('tells another printed row of one analyte (another name, another unit) from the same row read again', () => {
		expect(isSamePrintedRow(row('egfr', 'eGFR non-Afr. American', 88, 'mL/min'), row('egfr', 'eGFR African American', 102, 'mL/min'))).toBe(false)
		expect(isSamePrintedRow(row('glucose', 'Glucose', 5.1, 'mmol/L'), row('glucose', 'Glucose', 92, 'mg/dL'))).toBe(false)
		expect(isSamePrintedRow(row('glucose', 'GLUCOSE', 92, 'mg/dL'), row('glucose', 'Glucose', 92, 'mg / dl'))).toBe(true)
		expect(isSamePrintedRow(row('potassium', 'Kalium', 5.9, null), row('potassium', 'Kalium', 5.9, 'mmol/L'))).toBe(true)
		expect(isSamePrintedRow(row('sodium', 'Natrium', 139, 'mmol/L'), row('potassium', 'Natrium', 139, 'mmol/L'))).toBe(false)
	})
})

describe('distinctPrintedRows', () => {
	it('keeps each printed row once, the reading with a unit over one without', () => {
		const rows = [
			row('co2', 'CO2 total', 25.9, 'mmol/L'),
			row('co2', 'Bicarbonato (CO3H-)', 24, 'mmol/L'),
			row('hemoglobin', 'Hémoglobine', 14.1, null),
			row('hemoglobin', 'Hémoglobine', 14.1, 'g/dL'),
			row('co2', 'CO2 Total', 25.9, 'mmol/L'),
		]
		expect(distinctPrintedRows(rows).map((p) => [p.name, p.unit])).toEqual([
			['CO2 total', 'mmol/L'],
			['Bicarbonato (CO3H-)', 'mmol/L'],
			['Hémoglobine', 'g/dL'],
		])
	})
})

describe('markAlternateRows', () => {
	it("lets one row per code and date stand: not to check, then the analyte's usual unit, then the first printed", () => {
		const marked = markAlternateRows([
			row('glucose', 'Glucosa', 5.4, 'mmol/L', { ucumUnit: 'mmol/L' }),
			row('glucose', 'Glucosa', 97, 'mg/dL', { ucumUnit: 'mg/dL' }),
			row('egfr', 'eGFR', 71, 'mL/min/1.73m2', { ucumUnit: 'mL/min/{1.73_m2}' }),
			row('egfr', 'eGFR if Black', 82, 'mL/min/1.73m2', { ucumUnit: 'mL/min/{1.73_m2}' }),
			row('wbc', 'WBC', 2, '/HPF', { ucumUnit: null, toCheck: { code: 'unit_unknown', reason: 'x' } }),
			row('wbc', 'Leukozyten', 5.8, 'Thousand/uL', { ucumUnit: null }),
			row('sodium', 'Natrium', 139, 'mmol/L', { ucumUnit: 'mmol/L' }),
		])
		expect(marked.map((p) => [p.code, p.value, p.alternate ?? false])).toEqual([
			['glucose', 5.4, true],
			['glucose', 97, false],
			['egfr', 71, false],
			['egfr', 82, true],
			['wbc', 2, true],
			['wbc', 5.8, false],
			['sodium', 139, false],
		])
	})

	it('judges each test date apart (a cumulative report: one row of the code per date stands)', () => {
		const marked = markAlternateRows([row('hba1c', 'HbA1c', 6.1, '%'), row('hba1c', 'HbA1c', 6.4, '%', { testDate: '2025-11-02' })])
		expect(marked.every((p) => !p.alternate)).toBe(true)
	})
})
