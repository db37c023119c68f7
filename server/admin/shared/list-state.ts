/**
 * URL state of the admin tables (search, filters, sort, page in the query
 * string), read by the loaders and written by the links, so every table works
 * without JavaScript and survives a reload. Browser-safe.
 */
import { parseSearchQuery } from '#server/validation/shared/text.ts'

export const ADMIN_PAGE_SIZE = 25

export type SortDirection = 'asc' | 'desc'

export type ListSpec<Sort extends string, Filter extends string> = {
	sorts: readonly Sort[]
	defaultSort: Sort
	defaultDirection?: SortDirection
	/** Allowed values per filter ('all' is always allowed); `null` takes any id-shaped value. */
	filters: Record<Filter, readonly string[] | null>
}

export type ListState<Sort extends string, Filter extends string> = {
	q: string
	qError: string | null
	page: number
	sort: Sort
	dir: SortDirection
	filters: Record<Filter, string>
}

const ID_SHAPE = /^[0-9a-f-]{36}$/i

/** Reads a table's state from its query string; anything unknown falls back to the default. */
export function readListState<Sort extends string, Filter extends string>(params: URLSearchParams, spec: ListSpec<Sort, Filter>): ListState<Sort, Filter> {
	const search = parseSearchQuery(params.get('q'))
	const rawSort = params.get('sort') as Sort | null
	const sort = rawSort && spec.sorts.includes(rawSort) ? rawSort : spec.defaultSort
	const rawDir = params.get('dir')
	const dir: SortDirection = rawDir === 'asc' || rawDir === 'desc' ? rawDir : (spec.defaultDirection ?? 'asc')
	const pageNumber = Number.parseInt(params.get('page') ?? '1', 10)
	const page = Number.isFinite(pageNumber) && pageNumber >= 1 && pageNumber <= 100_000 ? pageNumber : 1
	const filters = {} as Record<Filter, string>
	for (const key of Object.keys(spec.filters) as Filter[]) {
		const allowed = spec.filters[key]
		const value = params.get(key) ?? 'all'
		filters[key] = value !== 'all' && (allowed ? allowed.includes(value) : ID_SHAPE.test(value)) ? value : 'all'
	}
	return { q: search.query, qError: search.error, page, sort, dir, filters }
}

/** The query string of a table state with some values changed (defaults left out). */
export function listSearch<Sort extends string, Filter extends string>(
	state: ListState<Sort, Filter>,
	/** q, page, sort, dir or a filter's name, with its new value. */
	changes: Record<string, string | number> = {},
): string {
	const next = { q: state.q, page: state.page, sort: state.sort, dir: state.dir, ...state.filters, ...changes } as Record<string, string | number>
	const params = new URLSearchParams()
	for (const [key, value] of Object.entries(next)) {
		if (value === '' || value === 'all' || (key === 'page' && value === 1)) continue
		params.set(key, String(value))
	}
	const text = params.toString()
	return text ? `?${text}` : '?'
}

/** The query string for a click on a column header: the same column toggles its direction, another starts ascending; back to page 1. */
export function sortSearch<Sort extends string, Filter extends string>(state: ListState<Sort, Filter>, column: Sort): string {
	const dir: SortDirection = state.sort === column && state.dir === 'asc' ? 'desc' : 'asc'
	return listSearch(state, { sort: column, dir, page: 1 })
}

/** 'Showing X of Y users' with the page's range. */
export function pageSummary(rowsOnPage: number, total: number, noun: string) {
	return `Showing ${rowsOnPage} of ${total} ${noun}`
}

export function pageCount(total: number) {
	return Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE))
}
