import { describe, expect, it } from 'vitest'
import { makeAppointment } from '#tests/support/appointment-fixture.ts'
import type { AppointmentTab } from '#server/appointments/shared/appointment.ts'
import { appointmentsInTab, canStepShownDateBack, isInAppointmentTab, isInUpcomingFrom, parseAppointmentTab, parseShownDate, stepShownDate } from './tabs.ts'
import { zonedDateTimeToInstant } from '#server/time/shared/zoned-time.ts'

const NEW_YORK = 'America/New_York'
const TOKYO = 'Asia/Tokyo'

function tabsOf(appointment: ReturnType<typeof makeAppointment>, now: Date, timeZone?: string): AppointmentTab[] {
	return (['upcoming', 'today', 'past'] as const).filter((tab) => isInAppointmentTab(appointment, tab, { now, timeZone }))
}

function at(date: string, time: string, timeZone: string) {
	return makeAppointment({ startsAt: zonedDateTimeToInstant(date, time, timeZone), timeZone })
}

describe('tab membership around midnight', () => {
	const lateEvening = at('2026-03-05', '23:30', NEW_YORK)
	const justAfterMidnight = at('2026-03-06', '00:30', NEW_YORK)

	it('puts 23:30 today in Upcoming and Today and 00:30 tomorrow only in Upcoming, one minute before midnight', () => {
		const now = zonedDateTimeToInstant('2026-03-05', '23:59', NEW_YORK)
		expect(tabsOf(lateEvening, now)).toEqual(['upcoming', 'today'])
		expect(tabsOf(justAfterMidnight, now)).toEqual(['upcoming'])
	})

	it('moves 23:30 to Past and 00:30 to Today one minute after midnight', () => {
		const now = zonedDateTimeToInstant('2026-03-06', '00:01', NEW_YORK)
		expect(tabsOf(lateEvening, now)).toEqual(['past'])
		expect(tabsOf(justAfterMidnight, now)).toEqual(['upcoming', 'today'])
	})

	it('keeps an appointment that ended earlier today in Upcoming and Today, not in Past', () => {
		const morning = at('2026-03-05', '08:00', NEW_YORK)
		const now = zonedDateTimeToInstant('2026-03-05', '17:00', NEW_YORK)
		expect(tabsOf(morning, now)).toEqual(['upcoming', 'today'])
	})
})

describe('tab membership in two time zones', () => {
	const tokyoLate = at('2026-03-05', '23:30', TOKYO)
	const tokyoAfterMidnight = at('2026-03-06', '00:30', TOKYO)
	const now = new Date('2026-03-05T14:45:00Z') // 23:45 in Tokyo, 09:45 in New York

	it('uses the appointment zone by default: Tokyo 23:30 is today, 00:30 is tomorrow', () => {
		expect(tabsOf(tokyoLate, now)).toEqual(['upcoming', 'today'])
		expect(tabsOf(tokyoAfterMidnight, now)).toEqual(['upcoming'])
	})

	it('uses the given zone when the screen passes one: both are today in New York', () => {
		expect(tabsOf(tokyoLate, now, NEW_YORK)).toEqual(['upcoming', 'today'])
		expect(tabsOf(tokyoAfterMidnight, now, NEW_YORK)).toEqual(['upcoming', 'today'])
	})

	it('judges the same instant differently in New York and Tokyo', () => {
		const instant = new Date('2026-03-05T16:00:00Z') // 11:00 Mar 5 NY, 01:00 Mar 6 Tokyo
		const nowNy = new Date('2026-03-05T15:00:00Z') // 10:00 Mar 5 NY, 00:00 Mar 6 Tokyo
		expect(tabsOf(makeAppointment({ startsAt: instant, timeZone: NEW_YORK }), nowNy)).toEqual(['upcoming', 'today'])
		expect(tabsOf(makeAppointment({ startsAt: instant, timeZone: TOKYO }), nowNy)).toEqual(['upcoming', 'today'])
		const yesterdayInTokyo = makeAppointment({ startsAt: new Date('2026-03-05T14:30:00Z'), timeZone: TOKYO })
		expect(tabsOf(yesterdayInTokyo, nowNy)).toEqual(['past'])
		expect(tabsOf(yesterdayInTokyo, nowNy, NEW_YORK)).toEqual(['upcoming', 'today'])
	})
})

describe('tab membership across DST changes in New York', () => {
	it('counts 23:30 EDT on the 23-hour spring-forward day as today, from its first minute', () => {
		const now = zonedDateTimeToInstant('2026-03-08', '00:00', NEW_YORK)
		expect(now.toISOString()).toBe('2026-03-08T05:00:00.000Z')
		expect(tabsOf(at('2026-03-08', '23:30', NEW_YORK), now)).toEqual(['upcoming', 'today'])
		// 04:30Z on 9 March is before now + 24 h, yet it is tomorrow
		const nextDay = at('2026-03-09', '00:30', NEW_YORK)
		expect(nextDay.startsAt.toISOString()).toBe('2026-03-09T04:30:00.000Z')
		expect(tabsOf(nextDay, now)).toEqual(['upcoming'])
	})

	it('treats the evening before spring-forward correctly', () => {
		const now = zonedDateTimeToInstant('2026-03-07', '23:30', NEW_YORK)
		expect(tabsOf(at('2026-03-08', '00:30', NEW_YORK), now)).toEqual(['upcoming'])
		expect(tabsOf(at('2026-03-07', '09:00', NEW_YORK), now)).toEqual(['upcoming', 'today'])
	})

	it('counts 23:30 EST on the 25-hour fall-back day as today', () => {
		const now = zonedDateTimeToInstant('2026-11-01', '00:00', NEW_YORK)
		const lateEvening = at('2026-11-01', '23:30', NEW_YORK)
		// after now + 24 h, still today
		expect(lateEvening.startsAt.toISOString()).toBe('2026-11-02T04:30:00.000Z')
		expect(tabsOf(lateEvening, now)).toEqual(['upcoming', 'today'])
	})

	it('puts both 01:30s of the fall-back day in Today', () => {
		const now = zonedDateTimeToInstant('2026-11-01', '12:00', NEW_YORK)
		const first = makeAppointment({ startsAt: new Date('2026-11-01T05:30:00Z'), timeZone: NEW_YORK })
		const second = makeAppointment({ startsAt: new Date('2026-11-01T06:30:00Z'), timeZone: NEW_YORK })
		expect(tabsOf(first, now)).toEqual(['upcoming', 'today'])
		expect(tabsOf(second, now)).toEqual(['upcoming', 'today'])
	})
})

describe('appointmentsInTab', () => {
	const now = zonedDateTimeToInstant('2026-03-05', '12:00', NEW_YORK)
	const yesterday = at('2026-03-04', '10:00', NEW_YORK)
	const lastWeek = at('2026-02-26', '10:00', NEW_YORK)
	const todayLate = at('2026-03-05', '16:00', NEW_YORK)
	const todayEarly = at('2026-03-05', '09:00', NEW_YORK)
	const nextWeek = at('2026-03-12', '10:00', NEW_YORK)
	const all = [nextWeek, yesterday, todayLate, lastWeek, todayEarly]

	it('lists Upcoming soonest first, including today', () => {
		expect(appointmentsInTab(all, 'upcoming', { now })).toEqual([todayEarly, todayLate, nextWeek])
	})

	it('lists Today soonest first', () => {
		expect(appointmentsInTab(all, 'today', { now })).toEqual([todayEarly, todayLate])
	})

	it('lists Past most recent first', () => {
		expect(appointmentsInTab(all, 'past', { now })).toEqual([yesterday, lastWeek])
	})

	it('does not reorder its input', () => {
		appointmentsInTab(all, 'upcoming', { now })
		expect(all[0]).toBe(nextWeek)
	})
})

describe('parseAppointmentTab', () => {
	it('reads a known tab and falls back to Upcoming', () => {
		expect(parseAppointmentTab('past')).toBe('past')
		expect(parseAppointmentTab(' Today ')).toBe('today')
		expect(parseAppointmentTab('archive')).toBe('upcoming')
		expect(parseAppointmentTab(null)).toBe('upcoming')
	})
})

describe('Upcoming date header', () => {
	const today = '2026-03-05'

	it('moves one day forward with next, across month and leap-day ends', () => {
		expect(stepShownDate(today, 'next', today)).toBe('2026-03-06')
		expect(stepShownDate('2026-02-28', 'next', '2026-02-01')).toBe('2026-03-01')
		expect(stepShownDate('2028-02-28', 'next', '2028-02-01')).toBe('2028-02-29')
		expect(stepShownDate('2026-12-31', 'next', '2026-12-01')).toBe('2027-01-01')
	})

	it('moves one day back with previous, never before today', () => {
		expect(stepShownDate('2026-03-07', 'previous', today)).toBe('2026-03-06')
		expect(stepShownDate('2026-03-06', 'previous', today)).toBe(today)
		expect(stepShownDate(today, 'previous', today)).toBe(today)
		expect(canStepShownDateBack(today, today)).toBe(false)
		expect(canStepShownDateBack('2026-03-06', today)).toBe(true)
	})

	it('jumps back to today with Today', () => {
		expect(stepShownDate('2026-04-20', 'today', today)).toBe(today)
	})

	it('steps one calendar day over a DST change', () => {
		expect(stepShownDate('2026-03-07', 'next', '2026-03-01')).toBe('2026-03-08')
		expect(stepShownDate('2026-03-08', 'next', '2026-03-01')).toBe('2026-03-09')
		expect(stepShownDate('2026-11-02', 'previous', '2026-10-01')).toBe('2026-11-01')
	})

	it('reads the shown day from the URL, falling back to today', () => {
		expect(parseShownDate('2026-03-09', today)).toBe('2026-03-09')
		expect(parseShownDate('2026-03-01', today)).toBe(today)
		expect(parseShownDate('2026-02-30', today)).toBe(today)
		expect(parseShownDate('tomorrow', today)).toBe(today)
		expect(parseShownDate(null, today)).toBe(today)
	})

	it('lists upcoming appointments from the shown day on', () => {
		const now = zonedDateTimeToInstant(today, '12:00', NEW_YORK)
		const todays = at(today, '15:00', NEW_YORK)
		const later = at('2026-03-07', '09:00', NEW_YORK)
		expect(isInUpcomingFrom(todays, '2026-03-06', { now })).toBe(false)
		expect(isInUpcomingFrom(later, '2026-03-06', { now })).toBe(true)
		expect(isInUpcomingFrom(later, '2026-03-07', { now })).toBe(true)
		expect(isInUpcomingFrom(later, '2026-03-08', { now })).toBe(false)
		// a shown day before today is read as today
		expect(isInUpcomingFrom(todays, '2026-03-01', { now })).toBe(true)
		expect(isInUpcomingFrom(at('2026-03-02', '09:00', NEW_YORK), '2026-03-01', { now })).toBe(false)
	})
})
