import { describe, expect, it } from 'vitest'
import { patientMismatchWarning } from './structured-types.ts'

describe('patientMismatchWarning', () => {
	it('says nothing when the name matches in another order and case', () => {
		expect(patientMismatchWarning({ name: 'eve BETTERHALF', birthDate: '1975-05-01' }, { name: 'Betterhalf Eve', dateOfBirth: '1975-05-01' })).toBeNull()
	})

	it('warns when the name or the date of birth differ', () => {
		expect(patientMismatchWarning({ name: 'Isabella Jones', birthDate: '1975-05-01' }, { name: 'Eve Betterhalf', dateOfBirth: '1980-01-01' })).toBe(
			'This record is for a patient whose name and date of birth differ from your profile. Check that it is yours.',
		)
		expect(patientMismatchWarning({ name: null, birthDate: '1975-05-01' }, { name: 'Eve', dateOfBirth: '1980-01-01' })).toContain('date of birth differs')
	})
})
