import { describe, expect, it } from 'vitest'
import { makeAppointment } from '#tests/support/appointment-fixture.ts'
import { AppointmentFormSchema } from '#server/appointments/shared/appointment-form-schema.ts'
import { appointmentFieldsFromForm, appointmentFormDefaults } from './form-values.ts'

function validForm(overrides: Record<string, unknown> = {}) {
	const result = AppointmentFormSchema.safeParse({
		title: 'Check-up',
		provider: 'Dr. Lee',
		specialty: 'Primary Care',
		status: 'confirmed',
		date: '2026-03-08',
		time: '02:30',
		...overrides,
	})
	if (!result.success) throw new Error(JSON.stringify(result.error.issues))
	return result.data
}

describe('appointmentFieldsFromForm', () => {
	it('turns the local date and time into an instant in the patient zone', () => {
		const { fields, timeResolution } = appointmentFieldsFromForm(validForm({ time: '09:15' }), {
			fallbackTimeZone: 'America/New_York',
		})
		expect(fields.startsAt.toISOString()).toBe('2026-03-08T13:15:00.000Z')
		expect(fields.timeZone).toBe('America/New_York')
		expect(timeResolution).toBe('exact')
		expect(fields).toMatchObject({ durationMinutes: 30, type: 'checkup', location: null, notes: null })
	})

	it('prefers the zone sent by the form and reports a time in a DST gap', () => {
		const fromTokyo = appointmentFieldsFromForm(validForm({ time: '09:15', timeZone: 'Asia/Tokyo' }), {
			fallbackTimeZone: 'America/New_York',
		})
		expect(fromTokyo.fields.startsAt.toISOString()).toBe('2026-03-08T00:15:00.000Z')
		const gap = appointmentFieldsFromForm(validForm(), { fallbackTimeZone: 'America/New_York' })
		expect(gap.timeResolution).toBe('skipped')
		expect(gap.fields.startsAt.toISOString()).toBe('2026-03-08T07:30:00.000Z')
	})
})

describe('appointmentFormDefaults', () => {
	it('gives the edit form the local date and time in the appointment zone', () => {
		const appointment = makeAppointment({
			startsAt: new Date('2026-03-05T15:30:00Z'),
			timeZone: 'Asia/Tokyo',
			durationMinutes: 90,
			location: null,
		})
		expect(appointmentFormDefaults(appointment)).toMatchObject({
			date: '2026-03-06',
			time: '00:30',
			durationMinutes: '90',
			location: '',
			timeZone: 'Asia/Tokyo',
		})
	})
})
