/**
 * The Upcoming list's search box and filter popover (spec sections 2.9 and 5),
 * kept in the URL so a filtered view can be reloaded, bookmarked and shared
 * and the popover works as a plain GET form. Browser-safe.
 *
 * Semantics: filters combine with AND; within a list (statuses, doctors,
 * specialties) any match counts; the date range is inclusive on both ends
 * and order-insensitive; only 'from' means on or after, only 'to' on or
 * before; dates are compared on the appointment's local calendar date in the
 * patient's time zone. Search is a case-insensitive substring match on
 * title, provider, specialty or location.
 */
import {
	APPOINTMENT_STATUSES,
	EARLIEST_APPOINTMENT_DATE,
	isAppointmentStatus,
	type Appointment,
	type AppointmentStatus,
	type LocalDate,
} from './appointment.ts'
import { isAllowedText, parseSearchQuery, TEXT_LIMITS } from '#server/validation/shared/text.ts'
import { isValidLocalDate, localDateOf } from '#server/time/shared/zoned-time.ts'

export type AppointmentFilters = {
	dateFrom: LocalDate | null
	dateTo: LocalDate | null
	statuses: AppointmentStatus[]
	doctors: string[]
	specialties: string[]
	/** The search box text, trimmed; '' when empty. */
	q: string
}

export type FilterableAppointment = Pick<Appointment, 'title' | 'provider' | 'specialty' | 'location' | 'status' | 'startsAt' | 'timeZone'>

/** Names of the query-string parameters (and of the popover's form fields). */
export const FILTER_PARAMS = {
	q: 'q',
	dateFrom: 'from',
	dateTo: 'to',
	statuses: 'status',
	doctors: 'doctor',
	specialties: 'specialty',
} as const

export const MAX_SEARCH_LENGTH = TEXT_LIMITS.search
const MAX_LIST_VALUES = 50
const MAX_VALUE_LENGTH = TEXT_LIMITS.filterValue

/** No filters and no search. Frozen: copy it (or use resetAppointmentFilters) before changing. */
export const EMPTY_APPOINTMENT_FILTERS: AppointmentFilters = Object.freeze({
	dateFrom: null,
	dateTo: null,
	statuses: Object.freeze([]) as unknown as AppointmentStatus[],
	doctors: Object.freeze([]) as unknown as string[],
	specialties: Object.freeze([]) as unknown as string[],
	q: '',
})

const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true })

function foldCase(value: string): string {
	return value.trim().toLocaleLowerCase('en-US')
}

/** Trimmed, non-empty, case-insensitively unique values, first spelling kept. */
function uniqueValues(values: Iterable<string>): string[] {
	const seen = new Set<string>()
	const result: string[] = []
	for (const raw of values) {
		const value = raw.trim()
		const key = foldCase(value)
		if (value === '' || value.length > MAX_VALUE_LENGTH || !isAllowedText(value) || seen.has(key)) continue
		seen.add(key)
		result.push(value)
	}
	return result
}

function parseBoundDate(value: string | null): LocalDate | null {
	const trimmed = value?.trim() ?? ''
	return isValidLocalDate(trimmed) && trimmed >= EARLIEST_APPOINTMENT_DATE ? trimmed : null
}

/**
 * Reads the filters from a URL's query; unknown statuses, invalid dates and
 * values with refused characters are ignored. A search text that cannot be
 * used reads as no search (appointmentSearchError gives its message).
 */
export function parseAppointmentFilters(params: URLSearchParams): AppointmentFilters {
	const statuses = new Set(params.getAll(FILTER_PARAMS.statuses).map(foldCase).filter(isAppointmentStatus))
	return {
		dateFrom: parseBoundDate(params.get(FILTER_PARAMS.dateFrom)),
		dateTo: parseBoundDate(params.get(FILTER_PARAMS.dateTo)),
		statuses: APPOINTMENT_STATUSES.filter((status) => statuses.has(status)),
		doctors: uniqueValues(params.getAll(FILTER_PARAMS.doctors)).slice(0, MAX_LIST_VALUES),
		specialties: uniqueValues(params.getAll(FILTER_PARAMS.specialties)).slice(0, MAX_LIST_VALUES),
		q: parseSearchQuery(params.get(FILTER_PARAMS.q), MAX_SEARCH_LENGTH).query,
	}
}

/** The search box's field message when the URL's search text has refused characters or is too long. */
export function appointmentSearchError(params: URLSearchParams): string | null {
	return parseSearchQuery(params.get(FILTER_PARAMS.q), MAX_SEARCH_LENGTH).error
}

/**
 * Writes the filters into a copy of `base` (other parameters such as the tab
 * are kept; previous filter parameters are replaced). Empty filters are left
 * out, so the unfiltered list has a clean URL.
 */
export function writeAppointmentFilters(filters: AppointmentFilters, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
	const params = new URLSearchParams(base)
	for (const name of Object.values(FILTER_PARAMS)) params.delete(name)
	const q = filters.q.trim()
	if (q) params.set(FILTER_PARAMS.q, q)
	if (filters.dateFrom) params.set(FILTER_PARAMS.dateFrom, filters.dateFrom)
	if (filters.dateTo) params.set(FILTER_PARAMS.dateTo, filters.dateTo)
	for (const status of APPOINTMENT_STATUSES) {
		if (filters.statuses.includes(status)) params.append(FILTER_PARAMS.statuses, status)
	}
	for (const doctor of uniqueValues(filters.doctors)) params.append(FILTER_PARAMS.doctors, doctor)
	for (const specialty of uniqueValues(filters.specialties)) params.append(FILTER_PARAMS.specialties, specialty)
	return params
}

/** The filters with the popover's values cleared and the search text kept ('Reset all'). */
export function resetAppointmentFilters(filters: AppointmentFilters): AppointmentFilters {
	return { ...EMPTY_APPOINTMENT_FILTERS, statuses: [], doctors: [], specialties: [], q: filters.q }
}

/**
 * The number on the filter button's badge: the date range counts once (one
 * bound or both), each checked status, doctor and specialty counts once. The
 * search box is not a popover filter and is not counted.
 */
export function countActiveFilters(filters: AppointmentFilters): number {
	const dateRange = filters.dateFrom || filters.dateTo ? 1 : 0
	return dateRange + filters.statuses.length + filters.doctors.length + filters.specialties.length
}

export function isFilteringOrSearching(filters: AppointmentFilters): boolean {
	return countActiveFilters(filters) > 0 || filters.q.trim() !== ''
}

/** The inclusive range with its bounds in order ('from' after 'to' is swapped). */
export function normaliseDateRange(dateFrom: LocalDate | null, dateTo: LocalDate | null): { from: LocalDate | null; to: LocalDate | null } {
	if (dateFrom && dateTo && dateFrom > dateTo) return { from: dateTo, to: dateFrom }
	return { from: dateFrom, to: dateTo }
}

export function matchesAppointmentSearch(appointment: Pick<Appointment, 'title' | 'provider' | 'specialty' | 'location'>, query: string): boolean {
	const needle = foldCase(query)
	if (needle === '') return true
	return [appointment.title, appointment.provider, appointment.specialty, appointment.location].some(
		(field) => field != null && field.toLocaleLowerCase('en-US').includes(needle),
	)
}

function matchesAnyValue(value: string, wanted: string[]): boolean {
	if (wanted.length === 0) return true
	const key = foldCase(value)
	return wanted.some((candidate) => foldCase(candidate) === key)
}

export type FilterOptions = {
	/** Zone whose calendar the date range refers to; default: each appointment's own zone. */
	timeZone?: string
}

export function matchesAppointmentFilters(appointment: FilterableAppointment, filters: AppointmentFilters, { timeZone }: FilterOptions = {}): boolean {
	if (filters.statuses.length > 0 && !filters.statuses.includes(appointment.status)) return false
	if (!matchesAnyValue(appointment.provider, filters.doctors)) return false
	if (!matchesAnyValue(appointment.specialty, filters.specialties)) return false
	const { from, to } = normaliseDateRange(filters.dateFrom, filters.dateTo)
	if (from || to) {
		const date = localDateOf(appointment.startsAt, timeZone ?? appointment.timeZone)
		if (from && date < from) return false
		if (to && date > to) return false
	}
	return matchesAppointmentSearch(appointment, filters.q)
}

/** The appointments that pass every filter and the search, in their original order. */
export function applyAppointmentFilters<T extends FilterableAppointment>(
	appointments: readonly T[],
	filters: AppointmentFilters,
	options: FilterOptions = {},
): T[] {
	return appointments.filter((appointment) => matchesAppointmentFilters(appointment, filters, options))
}

export type AppointmentFilterChoices = { doctors: string[]; specialties: string[] }

/**
 * The popover's Doctors and Specialties lists: unique (case-insensitively),
 * sorted en-US, from the patient's appointments. Values currently selected in
 * `filters` are kept in the lists even when no appointment has them any
 * more, so they can be unchecked.
 */
export function buildFilterChoices(
	appointments: readonly Pick<Appointment, 'provider' | 'specialty'>[],
	filters: Pick<AppointmentFilters, 'doctors' | 'specialties'> = EMPTY_APPOINTMENT_FILTERS,
): AppointmentFilterChoices {
	const byName = (a: string, b: string) => collator.compare(a, b)
	return {
		doctors: uniqueValues([...appointments.map((a) => a.provider), ...filters.doctors]).sort(byName),
		specialties: uniqueValues([...appointments.map((a) => a.specialty), ...filters.specialties]).sort(byName),
	}
}
