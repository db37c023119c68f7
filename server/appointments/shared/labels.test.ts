import { describe, expect, it } from 'vitest'
import { DURATION_MINUTES_OPTIONS } from './appointment.ts'
import {
	APPOINTMENT_TYPE_OPTIONS,
	BOOKABLE_STATUS_OPTIONS,
	DURATION_OPTIONS,
	EMPTY_STATES,
	FILTERS_RESET_NOTICE,
	filtersAppliedNotice,
	LIST_CANCEL_DIALOG,
	LOAD_FAILED_MESSAGE,
	REQUIRED_FIELDS_MESSAGE,
} from './labels.ts'

describe('appointment labels', () => {
	it('lists the spec duration options in order', () => {
		expect(DURATION_OPTIONS.map((option) => option.value)).toEqual([...DURATION_MINUTES_OPTIONS])
		expect(DURATION_OPTIONS.map((option) => option.label)).toEqual(['15 minutes', '30 minutes', '45 minutes', '1 hour', '1 hour 30 minutes', '2 hours'])
	})

	it('lists the types with Check-up first and the statuses Confirmed and Pending', () => {
		expect(APPOINTMENT_TYPE_OPTIONS.map((option) => option.label)).toEqual(['Check-up', 'Specialist Visit', 'Vaccination', 'Other'])
		expect(BOOKABLE_STATUS_OPTIONS.map((option) => option.label)).toEqual(['Confirmed', 'Pending'])
	})

	it('holds the spec texts', () => {
		expect(REQUIRED_FIELDS_MESSAGE).toBe('Please fill in all required fields: Title, Provider, Specialty, Date, and Time')
		expect(LOAD_FAILED_MESSAGE).toBe('Failed to load appointments. Please try again later.')
		expect(EMPTY_STATES.today).toEqual({ title: 'No appointments today', description: "You're all caught up for today!" })
		expect(filtersAppliedNotice(3)).toEqual({
			title: 'Filters Applied',
			description: 'Showing results with 3 active filter(s)',
			tone: 'info',
		})
		expect(FILTERS_RESET_NOTICE).toEqual({ title: 'Filters Reset', description: 'All filters have been cleared.', tone: 'info' })
		expect(LIST_CANCEL_DIALOG.confirm).toBe('Yes, Cancel Appointment')
	})
})
