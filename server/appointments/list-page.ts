/**
 * The /appointments screen's data for one request: only the appointments
 * the tab can show are read (Upcoming from the shown day on, Today's day,
 * Past before today, in the patient's zone; the (owner_id, starts_at) index
 * does the work), search and filters are applied in SQL (and again by the
 * pure list view), only the first `show` appointments are read (50 more per
 * 'Show more') with counts for the rest, and the filter popover's doctors
 * and specialties come from all of the patient's appointments.
 */
import { withTenant } from '#server/tenancy/index.ts'
import type { AppointmentTab, LocalDate } from '#server/appointments/shared/appointment.ts'
import {
	appointmentSearchError,
	buildFilterChoices,
	isFilteringOrSearching,
	normaliseDateRange,
	type AppointmentFilterChoices,
	type AppointmentFilters,
} from '#server/appointments/shared/filters.ts'
import { formatDayHeading, formatLocalDateLong } from '#server/appointments/shared/format.ts'
import { localDateOf } from '#server/time/shared/zoned-time.ts'
import {
	countAppointments,
	selectAppointmentsForList,
	selectProvidersAndSpecialties,
	type AppointmentListFilter,
	type AppointmentRange,
	type Patient,
} from './appointment-store.ts'
import { buildAppointmentListView, parseAppointmentListQuery, type AppointmentListQuery } from './list-view.ts'
import { stepShownDate } from './tabs.ts'
import { toAppointmentCardView, type AppointmentCardView, type ViewContext } from './views.ts'
import { localDayRange } from '#server/time/shared/zoned-time.ts'

export const LIST_PAGE_SIZE = 50
export const MAX_LIST_LIMIT = 5_000
/** Query-string name of how many appointments are shown. */
export const LIST_LIMIT_PARAM = 'show'

export type AppointmentListPage = {
	tab: AppointmentTab
	timeZone: string
	today: LocalDate
	/** The Upcoming header's day and its text ('Today', 'Tomorrow' or 'Wednesday, March 5'). */
	shownDate: LocalDate
	shownDateHeading: string
	shownDateText: string
	canStepBack: boolean
	previousShownDate: LocalDate
	nextShownDate: LocalDate
	groups: Array<{ date: LocalDate; heading: string; appointments: AppointmentCardView[] }>
	totalInTab: number
	shownCount: number
	/** True when more appointments match than are shown. */
	hasMore: boolean
	limit: number
	isFiltered: boolean
	activeFilterCount: number
	filters: AppointmentFilters
	filterChoices: AppointmentFilterChoices
	/** The search box's message when its text could not be used (the list is then not searched). */
	searchError: string | null
}

export function parseListLimit(params: URLSearchParams): number {
	const value = Number(params.get(LIST_LIMIT_PARAM))
	if (!Number.isInteger(value) || value < LIST_PAGE_SIZE) return LIST_PAGE_SIZE
	return Math.min(value, MAX_LIST_LIMIT)
}

/** The start instants a tab can show, in the patient's zone. */
export function rangeForTab(query: AppointmentListQuery, today: LocalDate, timeZone: string): AppointmentRange {
	switch (query.tab) {
		case 'upcoming':
			return { from: localDayRange(query.shownDate > today ? query.shownDate : today, timeZone).start }
		case 'today':
			return localDayRangeAsRange(today, timeZone)
		case 'past':
			return { before: localDayRange(today, timeZone).start }
	}
}

function localDayRangeAsRange(date: LocalDate, timeZone: string): AppointmentRange {
	const { start, end } = localDayRange(date, timeZone)
	return { from: start, before: end }
}

/** The database side of the Upcoming view's search and filters (the date range in the patient's zone). */
export function upcomingListFilter(range: AppointmentRange, filters: AppointmentFilters, timeZone: string): AppointmentListFilter {
	const { from, to } = normaliseDateRange(filters.dateFrom, filters.dateTo)
	const fromStart = from ? localDayRange(from, timeZone).start : undefined
	const latest = (a?: Date, b?: Date) => (a && b ? (a > b ? a : b) : (a ?? b))
	const earliest = (a?: Date, b?: Date) => (a && b ? (a < b ? a : b) : (a ?? b))
	return {
		range: {
			from: latest(range.from, fromStart),
			before: earliest(range.before, to ? localDayRange(to, timeZone).end : undefined),
		},
		statuses: filters.statuses,
		doctors: filters.doctors,
		specialties: filters.specialties,
		search: filters.q,
	}
}

export async function loadAppointmentListPage(
	patient: Patient,
	{ searchParams, ...context }: ViewContext & { searchParams: URLSearchParams },
): Promise<AppointmentListPage> {
	const { now, timeZone } = context
	const query = parseAppointmentListQuery(searchParams, { now, timeZone })
	const today = localDateOf(now, timeZone)
	const limit = parseListLimit(searchParams)
	const range = rangeForTab(query, today, timeZone)
	const isFiltering = query.tab === 'upcoming' && isFilteringOrSearching(query.filters)
	const filter = isFiltering ? upcomingListFilter(range, query.filters, timeZone) : { range }
	// Independent queries, pipelined on the transaction's connection.
	const [totalInTab, shownCount, rows, sources] = await withTenant(patient.organizationId, (tx) =>
		Promise.all([
			countAppointments(tx, patient, { range }),
			isFiltering ? countAppointments(tx, patient, filter) : null,
			selectAppointmentsForList(tx, patient, filter, { order: query.tab === 'past' ? 'descending' : 'ascending', limit }),
			selectProvidersAndSpecialties(tx, patient),
		]),
	)
	const view = buildAppointmentListView({ appointments: rows, query, now, timeZone })
	const matching = shownCount ?? totalInTab
	return {
		tab: view.tab,
		timeZone,
		today,
		shownDate: view.shownDate,
		shownDateHeading: formatDayHeading(view.shownDate, today),
		shownDateText: formatLocalDateLong(view.shownDate, { withYear: view.shownDate.slice(0, 4) !== today.slice(0, 4) }),
		canStepBack: view.canStepBack,
		previousShownDate: stepShownDate(view.shownDate, 'previous', today),
		nextShownDate: stepShownDate(view.shownDate, 'next', today),
		groups: view.groups.map((group) => ({
			date: group.date,
			heading: group.heading,
			appointments: group.appointments.map((appointment) => toAppointmentCardView(appointment, context)),
		})),
		totalInTab,
		shownCount: matching,
		hasMore: matching > rows.length,
		limit,
		isFiltered: view.isFiltered,
		activeFilterCount: view.activeFilterCount,
		filters: query.filters,
		filterChoices: buildFilterChoices(sources, query.filters),
		searchError: appointmentSearchError(searchParams),
	}
}
