import { describe, expect, it } from 'vitest'
import { appointmentStatusBadge } from './status-badge.ts'

describe('appointmentStatusBadge', () => {
	it('shows Confirmed in the default style', () => {
		expect(appointmentStatusBadge('confirmed', { isPast: false })).toEqual({ label: 'Confirmed', variant: 'default' })
	})

	it('shows Pending as outline', () => {
		expect(appointmentStatusBadge('pending', { isPast: false })).toEqual({ label: 'Pending', variant: 'outline' })
	})

	it('shows Cancelled as destructive', () => {
		expect(appointmentStatusBadge('cancelled', { isPast: false })).toEqual({ label: 'Cancelled', variant: 'destructive' })
	})

	it('shows Scheduled for any other value', () => {
		expect(appointmentStatusBadge('rescheduled', { isPast: false })).toEqual({ label: 'Scheduled', variant: 'secondary' })
		expect(appointmentStatusBadge('', { isPast: false })).toEqual({ label: 'Scheduled', variant: 'secondary' })
	})

	it('shows Completed for any past appointment that was not cancelled', () => {
		for (const status of ['confirmed', 'pending', 'rescheduled']) {
			expect(appointmentStatusBadge(status, { isPast: true })).toEqual({ label: 'Completed', variant: 'secondary' })
		}
	})

	it('keeps Cancelled for a past cancelled appointment (it never took place)', () => {
		expect(appointmentStatusBadge('cancelled', { isPast: true })).toEqual({ label: 'Cancelled', variant: 'destructive' })
	})
})
