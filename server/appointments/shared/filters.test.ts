import { describe, expect, it } from 'vitest'
import { makeAppointment } from '#tests/support/appointment-fixture.ts'
import {
	applyAppointmentFilters,
	buildFilterChoices,
	countActiveFilters,
	EMPTY_APPOINTMENT_FILTERS,
	matchesAppointmentSearch,
	normaliseDateRange,
	parseAppointmentFilters,
	resetAppointmentFilters,
	writeAppointmentFilters,
	type AppointmentFilters,
} from './filters.ts'

const NEW_YORK = 'America/New_York'

function filters(overrides: Partial<AppointmentFilters>): AppointmentFilters {
	return { ...EMPTY_APPOINTMENT_FILTERS, statuses: [], doctors: [], specialties: [], ...overrides }
}

// 2026-03-05 at 23:30 in New York is 2026-03-06 04:30 UTC
const lateOnMarch5 = makeAppointment({ id: 'late5', startsAt: new Date('2026-03-06T04:30:00Z'), timeZone: NEW_YORK })
const march6 = makeAppointment({
	id: 'm6',
	startsAt: new Date('2026-03-06T15:00:00Z'),
	provider: 'Dr. Patel',
	specialty: 'Cardiology',
	status: 'pending',
	title: 'Heart check',
	location: null,
})
const march8 = makeAppointment({
	id: 'm8',
	startsAt: new Date('2026-03-08T15:00:00Z'),
	provider: 'Dr. Adams',
	specialty: 'Dermatology',
	status: 'cancelled',
	title: 'Mole review',
	location: 'Skin Center, Oak Ave',
})
const all = [lateOnMarch5, march6, march8]
const ids = (list: { id: string }[]) => list.map((appointment) => appointment.id)

describe('applyAppointmentFilters: date range', () => {
	it('includes both bounds', () => {
		expect(ids(applyAppointmentFilters(all, filters({ dateFrom: '2026-03-06', dateTo: '2026-03-08' })))).toEqual(['m6', 'm8'])
	})

	it('is order-insensitive', () => {
		expect(ids(applyAppointmentFilters(all, filters({ dateFrom: '2026-03-08', dateTo: '2026-03-06' })))).toEqual(['m6', 'm8'])
	})

	it('with only from, keeps appointments on or after it', () => {
		expect(ids(applyAppointmentFilters(all, filters({ dateFrom: '2026-03-06' })))).toEqual(['m6', 'm8'])
	})

	it('with only to, keeps appointments on or before it', () => {
		expect(ids(applyAppointmentFilters(all, filters({ dateTo: '2026-03-06' })))).toEqual(['late5', 'm6'])
	})

	it('compares the local date in the patient zone, not the UTC date', () => {
		// 23:30 on 5 March in New York is already 6 March in UTC
		expect(ids(applyAppointmentFilters(all, filters({ dateFrom: '2026-03-05', dateTo: '2026-03-05' })))).toEqual(['late5'])
		// seen from Tokyo the same instant is 6 March
		expect(ids(applyAppointmentFilters(all, filters({ dateFrom: '2026-03-06', dateTo: '2026-03-06' }), { timeZone: 'Asia/Tokyo' }))).toEqual(['late5'])
	})

	it('matches a single day when from equals to', () => {
		expect(ids(applyAppointmentFilters(all, filters({ dateFrom: '2026-03-08', dateTo: '2026-03-08' })))).toEqual(['m8'])
	})
})

describe('applyAppointmentFilters: lists and AND', () => {
	it('keeps an appointment whose status is any of the checked ones', () => {
		expect(ids(applyAppointmentFilters(all, filters({ statuses: ['pending', 'cancelled'] })))).toEqual(['m6', 'm8'])
		expect(ids(applyAppointmentFilters(all, filters({ statuses: ['confirmed'] })))).toEqual(['late5'])
	})

	it('keeps an appointment whose doctor is any of the checked ones, ignoring case', () => {
		expect(ids(applyAppointmentFilters(all, filters({ doctors: ['Dr. Patel', 'dr. adams'] })))).toEqual(['m6', 'm8'])
	})

	it('keeps an appointment whose specialty is any of the checked ones', () => {
		expect(ids(applyAppointmentFilters(all, filters({ specialties: ['Cardiology'] })))).toEqual(['m6'])
	})

	it('combines different filters with AND', () => {
		expect(ids(applyAppointmentFilters(all, filters({ statuses: ['pending', 'cancelled'], specialties: ['Dermatology'] })))).toEqual(['m8'])
		expect(ids(applyAppointmentFilters(all, filters({ doctors: ['Dr. Patel'], dateFrom: '2026-03-07' })))).toEqual([])
		expect(ids(applyAppointmentFilters(all, filters({ statuses: ['cancelled'], q: 'heart' })))).toEqual([])
	})

	it('keeps everything with no filters', () => {
		expect(ids(applyAppointmentFilters(all, EMPTY_APPOINTMENT_FILTERS))).toEqual(['late5', 'm6', 'm8'])
	})
})

describe('search', () => {
	it('matches title, provider, specialty and location, ignoring case', () => {
		expect(ids(applyAppointmentFilters(all, filters({ q: 'HEART' })))).toEqual(['m6'])
		expect(ids(applyAppointmentFilters(all, filters({ q: 'patel' })))).toEqual(['m6'])
		expect(ids(applyAppointmentFilters(all, filters({ q: 'dermat' })))).toEqual(['m8'])
		expect(ids(applyAppointmentFilters(all, filters({ q: 'oak ave' })))).toEqual(['m8'])
	})

	it('does not match notes or other fields, and survives a null location', () => {
		const withNotes = makeAppointment({ notes: 'secret word', location: null })
		expect(matchesAppointmentSearch(withNotes, 'secret')).toBe(false)
	})

	it('treats a blank query as no search and trims the query', () => {
		expect(matchesAppointmentSearch(march6, '   ')).toBe(true)
		expect(matchesAppointmentSearch(march6, '  heart ')).toBe(true)
	})
})

describe('countActiveFilters', () => {
	it('counts the date range once and each checked value once, not the search text', () => {
		expect(countActiveFilters(EMPTY_APPOINTMENT_FILTERS)).toBe(0)
		expect(countActiveFilters(filters({ dateFrom: '2026-03-01' }))).toBe(1)
		expect(countActiveFilters(filters({ dateFrom: '2026-03-01', dateTo: '2026-03-09' }))).toBe(1)
		expect(countActiveFilters(filters({ dateTo: '2026-03-09', statuses: ['pending', 'confirmed'] }))).toBe(3)
		expect(countActiveFilters(filters({ doctors: ['A', 'B'], specialties: ['C'], q: 'x' }))).toBe(3)
	})
})

describe('URL round trip', () => {
	it('parses the query string, dropping unknown statuses and invalid dates', () => {
		const params = new URLSearchParams(
			'q=+heart+&from=2026-03-01&to=2026-02-30&status=pending&status=bogus&status=Confirmed&doctor=Dr.+Lee&doctor=dr.+lee&specialty=&specialty=Cardiology',
		)
		expect(parseAppointmentFilters(params)).toEqual({
			q: 'heart',
			dateFrom: '2026-03-01',
			dateTo: null,
			statuses: ['confirmed', 'pending'],
			doctors: ['Dr. Lee'],
			specialties: ['Cardiology'],
		})
	})

	it('ignores a date before 1900-01-01', () => {
		expect(parseAppointmentFilters(new URLSearchParams('from=1899-12-31')).dateFrom).toBe(null)
	})

	it('writes the filters, keeping other parameters and replacing old filter ones', () => {
		const base = new URLSearchParams('tab=upcoming&date=2026-03-07&status=cancelled')
		const written = writeAppointmentFilters(
			filters({ q: 'heart', dateFrom: '2026-03-09', dateTo: '2026-03-01', statuses: ['pending', 'confirmed'], doctors: ['Dr. A, MD'] }),
			base,
		)
		expect(written.toString()).toBe('tab=upcoming&date=2026-03-07&q=heart&from=2026-03-09&to=2026-03-01&status=confirmed&status=pending&doctor=Dr.+A%2C+MD')
		expect(base.toString()).toBe('tab=upcoming&date=2026-03-07&status=cancelled')
	})

	it('round-trips through the URL', () => {
		const original = filters({
			q: 'skin',
			dateFrom: '2026-03-01',
			dateTo: '2026-03-31',
			statuses: ['cancelled'],
			doctors: ['Dr. Adams', 'Dr. Patel'],
			specialties: ['Dermatology'],
		})
		expect(parseAppointmentFilters(writeAppointmentFilters(original))).toEqual(original)
	})

	it('writes nothing for empty filters', () => {
		expect(writeAppointmentFilters(EMPTY_APPOINTMENT_FILTERS).toString()).toBe('')
	})
})

describe('resetAppointmentFilters and normaliseDateRange', () => {
	it('clears the popover filters and keeps the search text', () => {
		expect(resetAppointmentFilters(filters({ q: 'x', statuses: ['pending'], dateFrom: '2026-03-01' }))).toEqual(filters({ q: 'x' }))
	})

	it('orders the bounds', () => {
		expect(normaliseDateRange('2026-03-09', '2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-09' })
		expect(normaliseDateRange(null, '2026-03-01')).toEqual({ from: null, to: '2026-03-01' })
	})
})

describe('buildFilterChoices', () => {
	it('builds sorted unique doctor and specialty lists from the appointments', () => {
		const list = [
			makeAppointment({ provider: 'Dr. Patel', specialty: 'Cardiology' }),
			makeAppointment({ provider: 'Dr. Adams', specialty: 'dermatology' }),
			makeAppointment({ provider: ' Dr. Patel ', specialty: 'Cardiology' }),
			makeAppointment({ provider: 'dr. adams', specialty: 'Dermatology' }),
			makeAppointment({ provider: 'Dr. Zhou', specialty: 'Allergy' }),
		]
		expect(buildFilterChoices(list)).toEqual({
			doctors: ['Dr. Adams', 'Dr. Patel', 'Dr. Zhou'],
			specialties: ['Allergy', 'Cardiology', 'dermatology'],
		})
	})

	it('keeps a selected value that no appointment has any more', () => {
		expect(buildFilterChoices([makeAppointment({ provider: 'Dr. B', specialty: 'X' })], { doctors: ['Dr. A'], specialties: [] })).toEqual({
			doctors: ['Dr. A', 'Dr. B'],
			specialties: ['X'],
		})
	})

	it('is empty for no appointments', () => {
		expect(buildFilterChoices([])).toEqual({ doctors: [], specialties: [] })
	})
})
