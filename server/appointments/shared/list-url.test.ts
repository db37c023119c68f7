import { describe, expect, it } from 'vitest'
import { LIST_LIMIT_PARAM, LIST_PAGE_SIZE } from '#server/appointments/list-page.ts'
import { LIST_PARAMS } from '#server/appointments/list-view.ts'
import { EMPTY_APPOINTMENT_FILTERS, parseAppointmentFilters } from './filters.ts'
import {
	FILTER_INTENTS,
	filterSubmissionTarget,
	filtersHref,
	hiddenListParams,
	isFilterIntent,
	LIST_PAGE_STEP,
	LIST_URL_PARAMS,
	shownDateHref,
	showMoreHref,
	tabHref,
} from './list-url.ts'

const search = (query: string) => new URLSearchParams(query)

describe('list links', () => {
	it('use the same parameter names as the loader', () => {
		expect(LIST_URL_PARAMS).toEqual({ ...LIST_PARAMS, limit: LIST_LIMIT_PARAM })
		expect(LIST_PAGE_STEP).toBe(LIST_PAGE_SIZE)
	})

	it('keep search and filters across tabs, and the shown day only on Upcoming', () => {
		const current = search('date=2026-03-09&q=heart&status=pending&show=100')
		expect(tabHref(current, 'past')).toBe('/appointments?q=heart&status=pending&tab=past')
		expect(tabHref(search('tab=past&q=heart'), 'upcoming')).toBe('/appointments?q=heart')
	})

	it('step the shown day, leaving today out of the URL', () => {
		const current = search('date=2026-03-06&q=heart')
		expect(shownDateHref(current, '2026-03-07', '2026-03-05')).toBe('/appointments?date=2026-03-07&q=heart')
		expect(shownDateHref(current, '2026-03-05', '2026-03-05')).toBe('/appointments?q=heart')
	})

	it('write filters and read them back', () => {
		const filters = { ...EMPTY_APPOINTMENT_FILTERS, statuses: ['confirmed' as const], doctors: ['Dr. Lee'], dateFrom: '2026-03-01', q: 'skin' }
		const link = filtersHref(search('tab=past&show=100'), filters)
		expect(link).toBe('/appointments?q=skin&from=2026-03-01&status=confirmed&doctor=Dr.+Lee')
		expect(parseAppointmentFilters(new URL(link, 'http://x').searchParams)).toMatchObject({
			statuses: ['confirmed'],
			doctors: ['Dr. Lee'],
			dateFrom: '2026-03-01',
			q: 'skin',
		})
	})

	it('lead Apply Filters and Reset all to the Upcoming view with their notices', () => {
		const posted = search('q=skin&status=confirmed&doctor=Dr.+Lee&date=2026-03-09')
		expect(filterSubmissionTarget(FILTER_INTENTS.apply, posted)).toEqual({
			href: '/appointments?date=2026-03-09&q=skin&status=confirmed&doctor=Dr.+Lee',
			notice: { title: 'Filters Applied', description: 'Showing results with 2 active filter(s)', tone: 'info' },
		})
		expect(filterSubmissionTarget(FILTER_INTENTS.reset, posted)).toEqual({
			href: '/appointments?date=2026-03-09&q=skin',
			notice: { title: 'Filters Reset', description: 'All filters have been cleared.', tone: 'info' },
		})
		expect(isFilterIntent('filters-apply')).toBe(true)
		expect(isFilterIntent('time-zone')).toBe(false)
	})

	it('show more keeps the view', () => {
		expect(showMoreHref(search('tab=past'), 100)).toBe('/appointments?tab=past&show=100')
	})

	it('carry the other parameters as hidden fields of a form', () => {
		expect(hiddenListParams(search('q=a&status=pending&tab=past&show=100&date=2026-03-06'), ['q'])).toEqual([
			['status', 'pending'],
			['date', '2026-03-06'],
		])
	})
})
