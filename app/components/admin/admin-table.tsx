import { Form, Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { inputClassName } from '#app/components/ui/field.tsx'
import { cn } from '#app/lib/cn.ts'
import { listSearch, pageCount, pageSummary, sortSearch, type ListState } from '#server/admin/shared/list-state.ts'

export const linkButtonClassName =
	'inline-flex items-center justify-center gap-2 rounded-md px-3 py-1.5 text-sm font-semibold shadow-sm ring-1 ring-inset ring-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600'
export const primaryLinkClassName =
	'inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700'
export const rowActionClassName = 'text-sm font-medium text-brand-700 hover:underline dark:text-brand-100'

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
	return (
		<div className="flex flex-wrap items-center justify-between gap-3">
			<h1 className="text-2xl font-bold tracking-tight">{title}</h1>
			{children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
		</div>
	)
}

type AnyState = ListState<string, string>

/** A column header that sorts the table through a link (toggles the direction when already sorted by it). */
export function SortHeader<State extends AnyState>({ state, column, children }: { state: State; column: State['sort']; children: ReactNode }) {
	const isSorted = state.sort === column
	return (
		<th
			scope="col"
			aria-sort={isSorted ? (state.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
			className="px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-500"
		>
			<Link to={sortSearch(state, column)} className="inline-flex items-center gap-1 hover:text-slate-900 dark:hover:text-white" preventScrollReset>
				{children}
				<span aria-hidden>{isSorted ? (state.dir === 'asc' ? '▲' : '▼') : '↕'}</span>
			</Link>
		</th>
	)
}

export function PlainHeader({ children }: { children: ReactNode }) {
	return (
		<th scope="col" className="px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
			{children}
		</th>
	)
}

/** 'Showing X of Y <noun>' with Previous / Next links (disabled at either end). */
export function Pagination({ state, rowsOnPage, total, noun }: { state: AnyState; rowsOnPage: number; total: number; noun: string }) {
	const pages = pageCount(total)
	const step = (page: number, label: string, isDisabled: boolean) =>
		isDisabled ? (
			<span aria-disabled="true" className={cn(linkButtonClassName, 'cursor-not-allowed opacity-50')}>
				{label}
			</span>
		) : (
			<Link to={listSearch(state, { page })} className={linkButtonClassName} preventScrollReset>
				{label}
			</Link>
		)
	return (
		<nav
			aria-label="Pagination"
			className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-3 py-3 text-sm dark:border-slate-700"
		>
			<p data-testid="page-summary">{pageSummary(rowsOnPage, total, noun)}</p>
			<div className="flex items-center gap-2">
				<span className="text-slate-500">
					Page {Math.min(state.page, pages)} of {pages}
				</span>
				{step(state.page - 1, 'Previous', state.page <= 1)}
				{step(state.page + 1, 'Next', state.page >= pages)}
			</div>
		</nav>
	)
}

export type FilterSelect = { name: string; label: string; value: string; options: { value: string; label: string }[] }

/**
 * Search and filters as a GET form: the table's state stays in the query string, with or without
 * JavaScript. Without `search` (a list with no search or sort, such as the documents' history), the
 * selects alone.
 */
export function FilterBar({ search, selects }: { search?: { state: AnyState; label: string }; selects: FilterSelect[] }) {
	return (
		// keyed by what it shows: after a client navigation (Reset, Back) the uncontrolled fields take the new values
		<Form
			key={[search?.state.q ?? '', ...selects.map((select) => select.value)].join('\u0000')}
			method="get"
			className="flex flex-wrap items-end gap-3"
			role="search"
		>
			{search ? <SearchField state={search.state} label={search.label} /> : null}
			{selects.map((select) => (
				<div key={select.name}>
					<label htmlFor={`filter-${select.name}`} className="block text-sm font-medium">
						{select.label}
					</label>
					<select id={`filter-${select.name}`} name={select.name} defaultValue={select.value} className={cn(inputClassName, 'mt-1 pr-8')}>
						{select.options.map((option) => (
							<option key={option.value} value={option.value}>
								{option.label}
							</option>
						))}
					</select>
				</div>
			))}
			<button type="submit" className={primaryLinkClassName}>
				Apply
			</button>
			<Link to="?" className={linkButtonClassName}>
				Reset
			</Link>
		</Form>
	)
}

/** The list's search box, with its sort kept (hidden) so that a search keeps the order. */
function SearchField({ state, label }: { state: AnyState; label: string }) {
	return (
		<>
			<input type="hidden" name="sort" value={state.sort} />
			<input type="hidden" name="dir" value={state.dir} />
			<div className="min-w-56 flex-1">
				<label htmlFor="admin-search" className="block text-sm font-medium">
					{label}
				</label>
				<input
					id="admin-search"
					name="q"
					type="search"
					defaultValue={state.q}
					className={cn(inputClassName, 'mt-1')}
					aria-invalid={state.qError ? true : undefined}
					aria-describedby={state.qError ? 'admin-search-error' : undefined}
				/>
				{state.qError ? (
					<p id="admin-search-error" className="mt-1 text-sm text-red-600">
						{state.qError}
					</p>
				) : null}
			</div>
		</>
	)
}

/** An admin table in its card: the header cells, the rows, and an optional footer (pagination). */
export function DataTable({ head, children, footer }: { head: ReactNode; children: ReactNode; footer?: ReactNode }) {
	return (
		<div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900">
			<table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
				<thead>
					<tr>{head}</tr>
				</thead>
				<tbody className="divide-y divide-slate-100 dark:divide-slate-800">{children}</tbody>
			</table>
			{footer}
		</div>
	)
}

export function EmptyRow({ colSpan, text }: { colSpan: number; text: string }) {
	return (
		<tr>
			<td colSpan={colSpan} className="px-3 py-8 text-center text-sm text-slate-500">
				{text}
			</td>
		</tr>
	)
}

export const cellClassName = 'px-3 py-2 text-sm align-middle'

export function allOption(label = 'All') {
	return { value: 'all', label }
}
