import { describe, expect, it } from 'vitest'
import { formatStoredValue, groupManualReadings, manualReadingKindOf, readingLine, type ManualParameterRow } from './manual-reading-groups.ts'

function row(id: string, code: string, value: number, unit: string | null, createdAt: string, position: number, testDate = '2026-03-01'): ManualParameterRow {
	return {
		id,
		code,
		name: code === 'systolic_bp' ? 'Systolic Blood Pressure' : code === 'bmi' ? 'BMI' : code,
		value,
		unit,
		status: null,
		testDate,
		createdAt: new Date(createdAt),
		position,
	}
}

describe('manual reading groups', () => {
	it('puts the rows added together back into one reading, newest added first', () => {
		const entries = groupManualReadings([
			row('a2', 'diastolic_bp', 82, 'mmHg', '2026-03-01T10:00:00.000Z', 1),
			row('a1', 'systolic_bp', 128, 'mmHg', '2026-03-01T10:00:00.000Z', 0),
			row('a3', 'heart_rate', 64, 'bpm', '2026-03-01T10:00:00.000Z', 2),
			row('b1', 'glucose', 96, 'mg/dL', '2026-03-02T08:00:00.000Z', 0, '2026-03-02'),
		])
		expect(entries.map((entry) => entry.id)).toEqual(['b1', 'a1'])
		expect(entries[1]).toMatchObject({ kind: 'blood_pressure', label: 'Blood pressure', summary: '128/82 mmHg, heart rate 64 bpm', rowIds: ['a1', 'a2', 'a3'] })
		expect(entries[0]).toMatchObject({ kind: 'glucose', summary: 'glucose 96 mg/dL' })
	})

	it('names the kind from the first row', () => {
		expect(manualReadingKindOf(['weight', 'height', 'bmi'])).toBe('weight')
		expect(manualReadingKindOf(['hdl'])).toBe('cholesterol')
		expect(manualReadingKindOf(['spo2'])).toBe('spo2')
		expect(manualReadingKindOf(['unknown_code'])).toBeNull()
		expect(manualReadingKindOf([])).toBeNull()
	})

	it('formats values with their unit, BMI without one', () => {
		expect(formatStoredValue(24.71, 'kg/m2', 'bmi')).toBe('24.71')
		expect(formatStoredValue(6.1, '%', 'hba1c')).toBe('6.1%')
		expect(formatStoredValue(37.2, '°C', 'temperature')).toBe('37.2°C')
		expect(formatStoredValue(80, 'kg', 'weight')).toBe('80 kg')
	})
})

describe('readingLine', () => {
	it('does not repeat the label the summary starts with', () => {
		expect(readingLine({ label: 'Weight', summary: 'Weight 80 lb' })).toBe('Weight: 80 lb')
		expect(readingLine({ label: 'Weight', summary: 'Weight 80 kg, Height 180 cm, BMI 24.7' })).toBe('Weight: 80 kg, Height 180 cm, BMI 24.7')
		expect(readingLine({ label: 'Glucose', summary: 'glucose 96 mg/dL' })).toBe('Glucose: 96 mg/dL')
		expect(readingLine({ label: 'Blood pressure', summary: '128/82 mmHg, heart rate 64 bpm' })).toBe('Blood pressure: 128/82 mmHg, heart rate 64 bpm')
	})
})
