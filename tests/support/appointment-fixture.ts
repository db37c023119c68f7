/** Builds appointments for unit tests. Not used by application code. */
import type { Appointment } from '#server/appointments/shared/appointment.ts'

let sequence = 0

export function makeAppointment(overrides: Partial<Appointment> = {}): Appointment {
	sequence += 1
	return {
		id: `appt-${sequence}`,
		title: 'Annual physical',
		provider: 'Dr. Sarah Johnson',
		specialty: 'Primary Care',
		location: 'Main Street Clinic',
		type: 'checkup',
		status: 'confirmed',
		startsAt: new Date('2026-03-05T15:00:00Z'),
		durationMinutes: 30,
		timeZone: 'America/New_York',
		notes: null,
		contactPhone: null,
		contactEmail: null,
		cancelReason: null,
		...overrides,
	}
}
