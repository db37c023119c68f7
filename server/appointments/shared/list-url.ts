/**
 * Links of the /appointments screen. Its whole state is in the query string
 * (tab, the Upcoming header's day, search, filters, how many are shown), so
 * every view can be reloaded and shared and every control works as a plain
 * link or GET form. Browser-safe.
 */
import type { AppointmentTab, LocalDate } from './appointment.ts'
import {
	countActiveFilters,
	FILTER_PARAMS,
	parseAppointmentFilters,
	resetAppointmentFilters,
	writeAppointmentFilters,
	type AppointmentFilters,
} from './filters.ts'
import { FILTERS_RESET_NOTICE, filtersAppliedNotice, type Notice } from './labels.ts'

export const APPOINTMENTS_PATH = '/appointments'

/** Same names as the server's LIST_PARAMS and LIST_LIMIT_PARAM (a unit test keeps them equal). */
export const LIST_URL_PARAMS = { tab: 'tab', shownDate: 'date', limit: 'show' } as const

function href(params: URLSearchParams): string {
	const query = params.toString()
	return query ? `${APPOINTMENTS_PATH}?${query}` : APPOINTMENTS_PATH
}

function withoutTransientParams(search: URLSearchParams): URLSearchParams {
	const params = new URLSearchParams(search)
	params.delete(LIST_URL_PARAMS.limit)
	return params
}

/** A tab's link: search and filters are kept (they apply to Upcoming), the shown day only on Upcoming. */
export function tabHref(search: URLSearchParams, tab: AppointmentTab): string {
	const params = withoutTransientParams(search)
	if (tab === 'upcoming') params.delete(LIST_URL_PARAMS.tab)
	else {
		params.set(LIST_URL_PARAMS.tab, tab)
		params.delete(LIST_URL_PARAMS.shownDate)
	}
	return href(params)
}

/** The Upcoming header's link to another day (today's is the plain list). */
export function shownDateHref(search: URLSearchParams, date: LocalDate, today: LocalDate): string {
	const params = withoutTransientParams(search)
	params.delete(LIST_URL_PARAMS.tab)
	if (date <= today) params.delete(LIST_URL_PARAMS.shownDate)
	else params.set(LIST_URL_PARAMS.shownDate, date)
	return href(params)
}

/** 'Show more': the same view with `limit` appointments. */
export function showMoreHref(search: URLSearchParams, limit: number): string {
	const params = new URLSearchParams(search)
	params.set(LIST_URL_PARAMS.limit, String(limit))
	return href(params)
}

/** The Upcoming view with `filters`. */
export function filtersHref(search: URLSearchParams, filters: AppointmentFilters): string {
	const params = writeAppointmentFilters(filters, withoutTransientParams(search))
	params.delete(LIST_URL_PARAMS.tab)
	return href(params)
}

/** The intents of the filter popover's form (posted, so the notice can follow the redirect). */
export const FILTER_INTENTS = { apply: 'filters-apply', reset: 'filters-reset' } as const
export type FilterIntent = (typeof FILTER_INTENTS)[keyof typeof FILTER_INTENTS]

export function isFilterIntent(value: unknown): value is FilterIntent {
	return value === FILTER_INTENTS.apply || value === FILTER_INTENTS.reset
}

/**
 * Where Apply Filters / Reset all lead and the notice to show there: the
 * posted fields are the list's parameters (hidden) and the filter fields.
 */
export function filterSubmissionTarget(intent: FilterIntent, fields: URLSearchParams): { href: string; notice: Notice } {
	const filters = parseAppointmentFilters(fields)
	if (intent === FILTER_INTENTS.reset) return { href: filtersHref(fields, resetAppointmentFilters(filters)), notice: FILTERS_RESET_NOTICE }
	return { href: filtersHref(fields, filters), notice: filtersAppliedNotice(countActiveFilters(filters)) }
}

/** The query parameters to carry as hidden fields in a GET form that sets `except`. */
export function hiddenListParams(search: URLSearchParams, except: ReadonlyArray<string>): Array<[string, string]> {
	const skipped = new Set([...except, LIST_URL_PARAMS.limit, LIST_URL_PARAMS.tab])
	return [...search.entries()].filter(([name]) => !skipped.has(name))
}

export const FILTER_FIELD_NAMES = [
	FILTER_PARAMS.dateFrom,
	FILTER_PARAMS.dateTo,
	FILTER_PARAMS.statuses,
	FILTER_PARAMS.doctors,
	FILTER_PARAMS.specialties,
] as const

/** How many more appointments 'Show more' adds (the server's LIST_PAGE_SIZE). */
export const LIST_PAGE_STEP = 50
