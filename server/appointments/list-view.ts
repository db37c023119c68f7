/**
 * Everything the /appointments loader returns for one request, from the
 * patient's appointments and the URL: the tab, the Upcoming date header,
 * the day groups and the filter popover's state.
 *
 * One calendar for the whole screen: `timeZone` is the patient's zone and
 * decides 'today', tab membership, grouping and the date range filter.
 * Search and filters apply to the Upcoming view only (spec section 4).
 */
import type { Appointment, AppointmentTab, LocalDate } from '#server/appointments/shared/appointment.ts'
import {
	applyAppointmentFilters,
	buildFilterChoices,
	countActiveFilters,
	isFilteringOrSearching,
	parseAppointmentFilters,
	type AppointmentFilterChoices,
	type AppointmentFilters,
} from '#server/appointments/shared/filters.ts'
import { localDateOf } from '#server/time/shared/zoned-time.ts'
import { groupAppointmentsByDay, type AppointmentDayGroup } from './grouping.ts'
import { appointmentsInTab, canStepShownDateBack, isInUpcomingFrom, parseAppointmentTab, parseShownDate } from './tabs.ts'

/** Query-string names of the tab and of the Upcoming header's shown day. */
export const LIST_PARAMS = { tab: 'tab', shownDate: 'date' } as const

export type AppointmentListQuery = {
	tab: AppointmentTab
	shownDate: LocalDate
	filters: AppointmentFilters
}

export function parseAppointmentListQuery(params: URLSearchParams, { now, timeZone }: { now: Date; timeZone: string }): AppointmentListQuery {
	return {
		tab: parseAppointmentTab(params.get(LIST_PARAMS.tab)),
		shownDate: parseShownDate(params.get(LIST_PARAMS.shownDate), localDateOf(now, timeZone)),
		filters: parseAppointmentFilters(params),
	}
}

export type AppointmentListView<T> = {
	tab: AppointmentTab
	today: LocalDate
	/** The Upcoming header's day (today or later). */
	shownDate: LocalDate
	canStepBack: boolean
	groups: AppointmentDayGroup<T>[]
	/** Appointments in the tab before search and filters. */
	totalInTab: number
	/** Appointments shown after search and filters. */
	shownCount: number
	/** True when search or filters narrowed the Upcoming view (for the 'no matches' empty state). */
	isFiltered: boolean
	activeFilterCount: number
	filterChoices: AppointmentFilterChoices
}

export function buildAppointmentListView<T extends Appointment>({
	appointments,
	query,
	now,
	timeZone,
}: {
	appointments: readonly T[]
	query: AppointmentListQuery
	now: Date
	timeZone: string
}): AppointmentListView<T> {
	const context = { now, timeZone }
	const today = localDateOf(now, timeZone)
	const shownDate = query.shownDate < today ? today : query.shownDate
	const inTab = appointmentsInTab(appointments, query.tab, context)
	const isUpcoming = query.tab === 'upcoming'
	const visible = isUpcoming
		? applyAppointmentFilters(
				inTab.filter((appointment) => isInUpcomingFrom(appointment, shownDate, context)),
				query.filters,
				{ timeZone },
			)
		: inTab
	return {
		tab: query.tab,
		today,
		shownDate,
		canStepBack: canStepShownDateBack(shownDate, today),
		groups: groupAppointmentsByDay(visible, context, query.tab === 'past' ? 'descending' : 'ascending'),
		totalInTab: inTab.length,
		shownCount: visible.length,
		isFiltered: isUpcoming && isFilteringOrSearching(query.filters),
		activeFilterCount: countActiveFilters(query.filters),
		filterChoices: buildFilterChoices(appointments, query.filters),
	}
}
