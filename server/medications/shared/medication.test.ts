import { describe, expect, it } from 'vitest'
import { MEDICATION_MESSAGES, MedicationFormSchema, medicationDoseText, medicationStatusLabel } from './medication.ts'

describe('medication form', () => {
	it('requires a name and keeps the optional fields empty as null', () => {
		expect(MedicationFormSchema.parse({ name: ' Metformin ', dose: '', frequency: undefined, startDate: '' })).toEqual({
			name: 'Metformin',
			dose: null,
			frequency: null,
			startDate: null,
		})
		const missing = MedicationFormSchema.safeParse({ name: '  ' })
		expect(missing.success ? [] : missing.error.issues.map((issue) => issue.message)).toEqual([MEDICATION_MESSAGES.nameRequired])
	})

	it('refuses control characters, impossible dates and dates before 1900', () => {
		expect(MedicationFormSchema.safeParse({ name: 'Aspirin\u0000' }).success).toBe(false)
		expect(MedicationFormSchema.safeParse({ name: 'Aspirin', startDate: '2025-02-30' }).success).toBe(false)
		expect(MedicationFormSchema.safeParse({ name: 'Aspirin', startDate: '1899-12-31' }).success).toBe(false)
		expect(MedicationFormSchema.parse({ name: 'Aspirin', startDate: '2025-02-28' }).startDate).toBe('2025-02-28')
	})

	it('shows discontinued as Stopped', () => {
		expect(medicationStatusLabel('active')).toBe('Active')
		expect(medicationStatusLabel('discontinued')).toBe('Stopped')
	})
})

describe('medicationDoseText', () => {
	it('shows a dose as recorded, and says when a bare number has no unit', () => {
		expect(medicationDoseText('500 mg')).toBe('500 mg')
		expect(medicationDoseText('1')).toBe('1 (unit not given)')
		expect(medicationDoseText('')).toBeNull()
		expect(medicationDoseText(null)).toBeNull()
	})
})
