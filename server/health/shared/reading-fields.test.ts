import { describe, expect, it } from 'vitest'
import { MANUAL_READING_KINDS, createManualReadingSchema } from './manual-reading.ts'
import { READING_FIELDS, readingUnitDefaults } from './reading-fields.ts'

describe('add-reading form fields', () => {
	it('has inputs for every kind, named as the schema expects', () => {
		const schema = createManualReadingSchema({ today: '2026-03-01' })
		const samples: Record<string, number> = {
			systolic: 120,
			diastolic: 80,
			heartRate: 60,
			weight: 170,
			height: 68,
			glucose: 95,
			hba1c: 5.4,
			totalCholesterol: 180,
			ldl: 90,
			hdl: 55,
			triglycerides: 120,
			temperature: 98.6,
			spo2: 98,
		}
		for (const kind of MANUAL_READING_KINDS) {
			const input: Record<string, unknown> = { kind, date: '2026-03-01', ...readingUnitDefaults(kind) }
			for (const field of READING_FIELDS[kind]) input[field.name] = samples[field.name]
			expect(schema.safeParse(input).success, kind).toBe(true)
		}
	})

	it('defaults to US units', () => {
		expect(readingUnitDefaults('weight')).toEqual({ weightUnit: 'lb', heightUnit: 'in' })
		expect(readingUnitDefaults('temperature')).toEqual({ temperatureUnit: '°F' })
		expect(readingUnitDefaults('glucose')).toEqual({})
	})
})
