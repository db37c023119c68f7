import { describe, expect, it } from 'vitest'
import { makeAppointment } from '#tests/support/appointment-fixture.ts'
import { groupAppointmentsByDay } from './grouping.ts'
import { zonedDateTimeToInstant } from '#server/time/shared/zoned-time.ts'

const NEW_YORK = 'America/New_York'
const TOKYO = 'Asia/Tokyo'

function at(date: string, time: string, timeZone = NEW_YORK) {
	return makeAppointment({ startsAt: zonedDateTimeToInstant(date, time, timeZone), timeZone })
}

describe('groupAppointmentsByDay', () => {
	const now = zonedDateTimeToInstant('2026-03-05', '08:00', NEW_YORK) // a Thursday

	it('heads groups Today, Tomorrow, then weekday, month and day', () => {
		const groups = groupAppointmentsByDay([at('2026-03-11', '10:00'), at('2026-03-06', '09:00'), at('2026-03-05', '14:00')], { now })
		expect(groups.map((group) => [group.date, group.heading])).toEqual([
			['2026-03-05', 'Today'],
			['2026-03-06', 'Tomorrow'],
			['2026-03-11', 'Wednesday, March 11'],
		])
	})

	it('puts appointments of one day together in start order', () => {
		const late = at('2026-03-07', '16:00')
		const early = at('2026-03-07', '09:00')
		const groups = groupAppointmentsByDay([late, early], { now })
		expect(groups).toHaveLength(1)
		expect(groups[0].heading).toBe('Saturday, March 7')
		expect(groups[0].appointments).toEqual([early, late])
	})

	it('orders days most recent first when asked (Past tab), times within a day still ascending', () => {
		const a = at('2026-03-01', '09:00')
		const b = at('2026-03-01', '15:00')
		const c = at('2026-03-03', '11:00')
		const groups = groupAppointmentsByDay([a, c, b], { now }, 'descending')
		expect(groups.map((group) => group.heading)).toEqual(['Tuesday, March 3', 'Sunday, March 1'])
		expect(groups[1].appointments).toEqual([a, b])
	})

	it('adds the year to a day in another year', () => {
		const groups = groupAppointmentsByDay([at('2025-12-30', '10:00')], { now }, 'descending')
		expect(groups[0].heading).toBe('Tuesday, December 30, 2025')
	})

	it('groups on the local day: 23:30 and 00:30 the next day are two groups', () => {
		const groups = groupAppointmentsByDay([at('2026-03-05', '23:30'), at('2026-03-06', '00:30')], { now })
		expect(groups.map((group) => group.heading)).toEqual(['Today', 'Tomorrow'])
	})

	it('groups in the zone passed by the screen', () => {
		const tokyoNow = new Date('2026-03-05T14:45:00Z') // 23:45 in Tokyo, 09:45 in New York
		const list = [at('2026-03-05', '23:30', TOKYO), at('2026-03-06', '00:30', TOKYO)]
		expect(groupAppointmentsByDay(list, { now: tokyoNow }).map((g) => g.heading)).toEqual(['Today', 'Tomorrow'])
		const inNewYork = groupAppointmentsByDay(list, { now: tokyoNow, timeZone: NEW_YORK })
		expect(inNewYork.map((g) => g.heading)).toEqual(['Today'])
		expect(inNewYork[0].appointments).toHaveLength(2)
	})

	it('keeps the whole 25-hour fall-back day in one group', () => {
		const fallNow = zonedDateTimeToInstant('2026-11-01', '00:00', NEW_YORK)
		const groups = groupAppointmentsByDay([at('2026-11-01', '00:30'), at('2026-11-01', '23:30'), at('2026-11-02', '00:15')], { now: fallNow })
		expect(groups.map((g) => [g.heading, g.appointments.length])).toEqual([
			['Today', 2],
			['Tomorrow', 1],
		])
	})

	it('returns no groups for no appointments', () => {
		expect(groupAppointmentsByDay([], { now })).toEqual([])
	})
})
