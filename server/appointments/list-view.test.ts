import { describe, expect, it } from 'vitest'
import { makeAppointment } from '#tests/support/appointment-fixture.ts'
import { buildAppointmentListView, parseAppointmentListQuery } from './list-view.ts'
import { zonedDateTimeToInstant } from '#server/time/shared/zoned-time.ts'

const NEW_YORK = 'America/New_York'
const now = zonedDateTimeToInstant('2026-03-05', '12:00', NEW_YORK)

function at(date: string, time: string, overrides: Parameters<typeof makeAppointment>[0] = {}) {
	return makeAppointment({ startsAt: zonedDateTimeToInstant(date, time, NEW_YORK), timeZone: NEW_YORK, ...overrides })
}

const yesterday = at('2026-03-04', '10:00', { provider: 'Dr. Lee', specialty: 'Dermatology' })
const todayMorning = at('2026-03-05', '09:00', { provider: 'Dr. Lee', specialty: 'Dermatology', title: 'Skin check' })
const tomorrow = at('2026-03-06', '14:00', { provider: 'Dr. Patel', specialty: 'Cardiology', status: 'pending' })
const nextWeek = at('2026-03-12', '11:00', { provider: 'Dr. Adams', specialty: 'Cardiology' })
const appointments = [nextWeek, yesterday, tomorrow, todayMorning]

function viewFor(search: string) {
	const query = parseAppointmentListQuery(new URLSearchParams(search), { now, timeZone: NEW_YORK })
	return buildAppointmentListView({ appointments, query, now, timeZone: NEW_YORK })
}

describe('buildAppointmentListView', () => {
	it('shows Upcoming by default, grouped from today, with filter choices from all appointments', () => {
		const view = viewFor('')
		expect(view.tab).toBe('upcoming')
		expect(view.today).toBe('2026-03-05')
		expect(view.shownDate).toBe('2026-03-05')
		expect(view.canStepBack).toBe(false)
		expect(view.groups.map((g) => g.heading)).toEqual(['Today', 'Tomorrow', 'Thursday, March 12'])
		expect(view.totalInTab).toBe(3)
		expect(view.shownCount).toBe(3)
		expect(view.isFiltered).toBe(false)
		expect(view.filterChoices).toEqual({
			doctors: ['Dr. Adams', 'Dr. Lee', 'Dr. Patel'],
			specialties: ['Cardiology', 'Dermatology'],
		})
	})

	it('applies search and filters to Upcoming and counts the active filters', () => {
		const view = viewFor('q=cardio&status=pending&status=confirmed')
		expect(view.groups.flatMap((g) => g.appointments)).toEqual([tomorrow, nextWeek])
		expect(view.activeFilterCount).toBe(2)
		expect(view.isFiltered).toBe(true)
		const narrowed = viewFor('doctor=Dr.%20Adams')
		expect(narrowed.groups.flatMap((g) => g.appointments)).toEqual([nextWeek])
	})

	it('starts Upcoming at the shown day', () => {
		const view = viewFor('date=2026-03-06')
		expect(view.shownDate).toBe('2026-03-06')
		expect(view.canStepBack).toBe(true)
		expect(view.groups.flatMap((g) => g.appointments)).toEqual([tomorrow, nextWeek])
	})

	it('ignores search and filters on the Today and Past tabs', () => {
		expect(viewFor('tab=today&q=nothing-matches').groups.flatMap((g) => g.appointments)).toEqual([todayMorning])
		const past = viewFor('tab=past&status=pending')
		expect(past.groups.map((g) => g.heading)).toEqual(['Wednesday, March 4'])
		expect(past.isFiltered).toBe(false)
	})
})
