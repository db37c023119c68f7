import { describe, expect, it } from 'vitest'
import { makeAppointment } from '#tests/support/appointment-fixture.ts'
import { toAppointmentCardView, toAppointmentDetailView } from './views.ts'

const context = { now: new Date('2026-03-05T14:00:00Z'), timeZone: 'America/New_York', videoBaseUrl: 'https://meet.jit.si/carebook-{id}' }

describe('toAppointmentCardView', () => {
	it('shows the date with (Today), the 12-hour time and duration, Call and Join for an upcoming appointment with a contact', () => {
		const card = toAppointmentCardView(makeAppointment({ id: 'a1', contactPhone: '+1 555 123 4567' }), context)
		expect(card).toMatchObject({
			dateText: 'Thursday, March 5 (Today)',
			timeText: '10:00 AM · 30 minutes',
			badge: { label: 'Confirmed' },
			callHref: 'tel:+15551234567',
			joinHref: 'https://meet.jit.si/carebook-a1',
			canCancel: true,
			canReschedule: true,
		})
	})

	it('offers no Call or Join without a contact, nor on a past or cancelled appointment', () => {
		expect(toAppointmentCardView(makeAppointment(), context)).toMatchObject({ callHref: null, joinHref: null })
		const past = toAppointmentCardView(makeAppointment({ contactPhone: '+1 555 123 4567', startsAt: new Date('2026-03-04T15:00:00Z') }), context)
		expect(past).toMatchObject({ isPast: true, badge: { label: 'Completed' }, callHref: null, joinHref: null, canCancel: false, canReschedule: false })
		const cancelled = toAppointmentCardView(makeAppointment({ contactPhone: '+1 555 123 4567', status: 'cancelled' }), context)
		expect(cancelled).toMatchObject({ badge: { label: 'Cancelled' }, callHref: null, canCancel: false })
	})

	it('writes times in the patient zone, not the zone of booking', () => {
		const card = toAppointmentCardView(makeAppointment({ timeZone: 'Europe/Paris' }), { ...context, timeZone: 'Asia/Tokyo' })
		expect(card.timeText).toBe('12:00 AM · 30 minutes')
		expect(card.dateText).toBe('Friday, March 6')
	})
})

describe('toAppointmentDetailView', () => {
	it('gives the spec fields, contact links and the history in the patient zone', () => {
		const view = toAppointmentDetailView(
			{
				...makeAppointment({ id: 'a2', contactPhone: '(555) 010-2000', contactEmail: 'desk@clinic.example', type: 'specialist', durationMinutes: 90 }),
				createdAt: new Date('2026-03-01T12:00:00Z'),
				updatedAt: new Date('2026-03-02T12:00:00Z'),
				cancelledAt: null,
				history: [
					{
						id: 'h1',
						kind: 'rescheduled',
						previousStartsAt: new Date('2026-03-04T19:30:00Z'),
						newStartsAt: new Date('2026-03-05T15:00:00Z'),
						reason: 'Travel',
						createdAt: new Date('2026-03-02T12:00:00Z'),
					},
				],
			},
			context,
		)
		expect(view).toMatchObject({
			typeLabel: 'Specialist Visit',
			durationText: '1 hour 30 minutes',
			dateText: 'Thursday, March 5, 2026',
			timeText: '10:00 AM',
			telHref: 'tel:5550102000',
			mailtoHref: 'mailto:desk@clinic.example',
			joinHref: 'https://meet.jit.si/carebook-a2',
			canEdit: true,
		})
		expect(view.history).toEqual([
			{
				id: 'h1',
				kind: 'rescheduled',
				previousText: 'Wednesday, March 4, 2026 at 2:30 PM',
				newText: 'Thursday, March 5, 2026 at 10:00 AM',
				reason: 'Travel',
				changedText: 'Monday, March 2, 2026 at 7:00 AM',
			},
		])
	})

	it('offers no video call, cancel or reschedule once cancelled', () => {
		const view = toAppointmentDetailView(
			{
				...makeAppointment({ status: 'cancelled', cancelReason: 'Better' }),
				createdAt: new Date(),
				updatedAt: new Date(),
				cancelledAt: new Date(),
				history: [],
			},
			context,
		)
		expect(view).toMatchObject({
			isCancelled: true,
			joinHref: null,
			canCancel: false,
			canReschedule: false,
			canEdit: false,
			cancelReason: 'Better',
			badge: { label: 'Cancelled' },
		})
	})
})
