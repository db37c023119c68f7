import { describe, expect, it } from 'vitest'
import { makeAppointment } from '#tests/support/appointment-fixture.ts'
import {
	appointmentBadgeAt,
	appointmentCardActions,
	appointmentEndsAt,
	canCancelAppointment,
	canEditAppointment,
	canRescheduleAppointment,
	cancelAppointment,
	isPastAppointment,
	reminderTimesFor,
	rescheduleAppointment,
} from './rules.ts'

const startsAt = new Date('2026-03-10T15:00:00Z') // 11:00 EDT, 30 minutes
const before = new Date('2026-03-09T12:00:00Z')
const during = new Date('2026-03-10T15:10:00Z')
const after = new Date('2026-03-10T15:30:00Z')

describe('past, started and the cancel / reschedule / edit rules', () => {
	const appointment = makeAppointment({ startsAt, durationMinutes: 30 })

	it('ends start + duration later', () => {
		expect(appointmentEndsAt(appointment).toISOString()).toBe('2026-03-10T15:30:00.000Z')
	})

	it('is past once it has ended, not while in progress', () => {
		expect(isPastAppointment(appointment, before)).toBe(false)
		expect(isPastAppointment(appointment, during)).toBe(false)
		expect(isPastAppointment(appointment, after)).toBe(true)
	})

	it('can be cancelled, rescheduled and edited only before it starts', () => {
		for (const can of [canCancelAppointment, canRescheduleAppointment, canEditAppointment]) {
			expect(can(appointment, before)).toBe(true)
			expect(can(appointment, startsAt)).toBe(false)
			expect(can(appointment, during)).toBe(false)
			expect(can(appointment, after)).toBe(false)
		}
	})

	it('offers no cancel, reschedule or edit once cancelled', () => {
		const cancelled = makeAppointment({ startsAt, status: 'cancelled' })
		expect(canCancelAppointment(cancelled, before)).toBe(false)
		expect(canRescheduleAppointment(cancelled, before)).toBe(false)
		expect(canEditAppointment(cancelled, before)).toBe(false)
	})
})

describe('appointmentBadgeAt', () => {
	it('shows the status before the end and Completed after it', () => {
		const pending = makeAppointment({ startsAt, status: 'pending' })
		expect(appointmentBadgeAt(pending, during)).toEqual({ label: 'Pending', variant: 'outline' })
		expect(appointmentBadgeAt(pending, after)).toEqual({ label: 'Completed', variant: 'secondary' })
	})

	it('keeps Cancelled for a cancelled appointment whose time has passed', () => {
		const cancelled = makeAppointment({ startsAt, status: 'cancelled' })
		expect(appointmentBadgeAt(cancelled, after)).toEqual({ label: 'Cancelled', variant: 'destructive' })
	})
})

describe('reminderTimesFor', () => {
	it('schedules reminders 24 hours and 1 hour before the start', () => {
		const reminders = reminderTimesFor(makeAppointment({ startsAt }), new Date('2026-03-01T00:00:00Z'))
		expect(reminders.map((r) => [r.kind, r.remindAt.toISOString()])).toEqual([
			['day-before', '2026-03-09T15:00:00.000Z'],
			['hour-before', '2026-03-10T14:00:00.000Z'],
		])
	})

	it('skips the 24-hour reminder when booked less than a day ahead', () => {
		const reminders = reminderTimesFor(makeAppointment({ startsAt }), new Date('2026-03-10T03:00:00Z'))
		expect(reminders.map((r) => r.kind)).toEqual(['hour-before'])
	})

	it('keeps a reminder due exactly now and drops all once within the hour', () => {
		expect(reminderTimesFor(makeAppointment({ startsAt }), new Date('2026-03-10T14:00:00Z'))).toHaveLength(1)
		expect(reminderTimesFor(makeAppointment({ startsAt }), new Date('2026-03-10T14:00:01Z'))).toEqual([])
	})

	it('schedules none for a cancelled appointment', () => {
		expect(reminderTimesFor(makeAppointment({ startsAt, status: 'cancelled' }), before)).toEqual([])
	})

	it('counts elapsed hours across a DST change (24 h before 09:00 EDT is 08:00 EST the day before)', () => {
		const afterSpringForward = new Date('2026-03-08T13:00:00Z') // 09:00 EDT on 8 March
		const [dayBefore] = reminderTimesFor(makeAppointment({ startsAt: afterSpringForward }), new Date('2026-03-01T00:00:00Z'))
		expect(dayBefore.remindAt.toISOString()).toBe('2026-03-07T13:00:00.000Z') // 08:00 EST
	})
})

describe('cancelAppointment', () => {
	it('sets status cancelled and stores a trimmed reason', () => {
		const result = cancelAppointment(makeAppointment({ startsAt }), { reason: '  Feeling better  ' }, before)
		expect(result.ok).toBe(true)
		if (result.ok) {
			expect(result.appointment.status).toBe('cancelled')
			expect(result.appointment.cancelReason).toBe('Feeling better')
		}
	})

	it('stores no reason when none or a blank one is given', () => {
		const result = cancelAppointment(makeAppointment({ startsAt }), { reason: '   ' }, before)
		expect(result.ok && result.appointment.cancelReason).toBe(null)
	})

	it('refuses a past or started appointment and a cancelled one', () => {
		expect(cancelAppointment(makeAppointment({ startsAt }), {}, during)).toMatchObject({ ok: false, code: 'started' })
		expect(cancelAppointment(makeAppointment({ startsAt, status: 'cancelled' }), {}, before)).toMatchObject({
			ok: false,
			code: 'cancelled',
			message: 'This appointment has been cancelled.',
		})
	})
})

describe('rescheduleAppointment', () => {
	const appointment = makeAppointment({ id: 'a1', startsAt, timeZone: 'America/New_York' })

	it('moves the start to the new local time and returns the history entry', () => {
		const result = rescheduleAppointment(appointment, { date: '2026-03-12', time: '14:30', reason: 'Clash' }, before)
		expect(result.ok).toBe(true)
		if (!result.ok) return
		expect(result.appointment.startsAt.toISOString()).toBe('2026-03-12T18:30:00.000Z')
		expect(result.appointment.status).toBe('confirmed')
		expect(result.historyEntry).toEqual({
			appointmentId: 'a1',
			previousStartsAt: startsAt,
			previousTimeZone: 'America/New_York',
			newStartsAt: new Date('2026-03-12T18:30:00.000Z'),
			newTimeZone: 'America/New_York',
			reason: 'Clash',
			rescheduledAt: before,
		})
	})

	it('uses a new zone when given', () => {
		const result = rescheduleAppointment(appointment, { date: '2026-03-12', time: '09:00', timeZone: 'Asia/Tokyo' }, before)
		expect(result.ok && result.appointment.startsAt.toISOString()).toBe('2026-03-12T00:00:00.000Z')
		expect(result.ok && result.appointment.timeZone).toBe('Asia/Tokyo')
	})

	it('refuses a new time that is not in the future, and the same time', () => {
		expect(rescheduleAppointment(appointment, { date: '2026-03-09', time: '07:00' }, before)).toMatchObject({
			ok: false,
			code: 'new-time-in-past',
		})
		expect(rescheduleAppointment(appointment, { date: '2026-03-10', time: '11:00' }, before)).toMatchObject({
			ok: false,
			code: 'same-time',
		})
	})

	it('refuses a started or cancelled appointment', () => {
		expect(rescheduleAppointment(appointment, { date: '2026-03-12', time: '10:00' }, during)).toMatchObject({
			ok: false,
			code: 'started',
		})
		const cancelled = { ...appointment, status: 'cancelled' as const }
		expect(rescheduleAppointment(cancelled, { date: '2026-03-12', time: '10:00' }, before)).toMatchObject({
			ok: false,
			code: 'cancelled',
		})
	})
})

describe('appointmentCardActions', () => {
	const videoBaseUrl = 'https://meet.example.com/carebook'
	const withContact = makeAppointment({ id: 'a9', startsAt, contactPhone: '(555) 123-4567' })

	it('offers Call and Join on an upcoming appointment with a contact', () => {
		expect(appointmentCardActions(withContact, { now: before, videoBaseUrl })).toEqual({
			callHref: 'tel:5551234567',
			joinHref: 'https://meet.example.com/carebook/a9',
			canReschedule: true,
			canCancel: true,
			canEdit: true,
		})
	})

	it('keeps Join during the visit but not after it', () => {
		expect(appointmentCardActions(withContact, { now: during, videoBaseUrl }).joinHref).not.toBe(null)
		const ended = appointmentCardActions(withContact, { now: after, videoBaseUrl })
		expect([ended.callHref, ended.joinHref, ended.canCancel, ended.canReschedule]).toEqual([null, null, false, false])
	})

	it('offers no Call or Join without a contact, and Join only without a phone', () => {
		const noContact = appointmentCardActions(makeAppointment({ startsAt }), { now: before, videoBaseUrl })
		expect([noContact.callHref, noContact.joinHref]).toEqual([null, null])
		const emailOnly = appointmentCardActions(makeAppointment({ id: 'e1', startsAt, contactEmail: 'dr@example.com' }), {
			now: before,
			videoBaseUrl,
		})
		expect([emailOnly.callHref, emailOnly.joinHref]).toEqual([null, 'https://meet.example.com/carebook/e1'])
	})

	it('offers nothing on a cancelled appointment and no Join without a video base URL', () => {
		const cancelled = appointmentCardActions({ ...withContact, status: 'cancelled' }, { now: before, videoBaseUrl })
		expect(cancelled).toEqual({ callHref: null, joinHref: null, canReschedule: false, canCancel: false, canEdit: false })
		expect(appointmentCardActions(withContact, { now: before, videoBaseUrl: null }).joinHref).toBe(null)
	})
})
