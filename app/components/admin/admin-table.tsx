import { Form, Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { inputClassName } from '#app/components/ui/field.tsx'
import { cn } from '#app/lib/cn.ts'
import { listSearch, pageCount, pageSummary, sortSearch, type ListState } from '#server/admin/shared/list-state.ts'
import { buttonClassName } from '#app/components/ui/button.tsx'

export const linkButtonClassName = buttonClassName('secondary', undefined, 'small')
export const primaryLinkClassName = buttonClassName('primary')
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
function SortHeader<State extends AnyState>({ state, column, children }: { state: State; column: State['sort']; children: ReactNode }) {
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

function PlainHeader({ children }: { children: ReactNode }) {
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
				<FilterSelectField key={select.name} select={select} />
			))}
			<FilterButtons />
		</Form>
	)
}

/** One select of a filter form, labelled. */
export function FilterSelectField({ select }: { select: FilterSelect }) {
	return (
		<div>
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
	)
}

/** A filter form's Apply (submits the GET form) and Reset (the list without filters). */
export function FilterButtons() {
	return (
		<>
			<button type="submit" className={primaryLinkClassName}>
				Apply
			</button>
			<Link to="?" className={linkButtonClassName}>
				Reset
			</Link>
		</>
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

/** A column of a DataTable: its header (a sort link when `sort` names the list's sort column) and each row's cell. */
export type TableColumn<Row, Sort extends string = string> = {
	label: string
	sort?: Sort
	/** Classes added to the column's cells. */
	className?: string
	/** data-testid of the column's cells. */
	testId?: string
	cell: (row: Row) => ReactNode
}

/**
 * An admin table in its card: a header row from `columns`, one row per item (or `emptyText` across
 * the table), and an optional footer (pagination). `state` is the list's, for the sort links;
 * `actions`, a row's links and buttons side by side in a last 'Actions' column.
 */
export function DataTable<Row extends { id: string | number }, State extends AnyState = AnyState>({
	columns,
	rows,
	emptyText,
	rowTestId,
	state,
	actions,
	footer,
}: {
	columns: TableColumn<Row, State['sort']>[]
	rows: readonly Row[]
	emptyText: string
	rowTestId?: string
	state?: State
	actions?: (row: Row) => ReactNode
	footer?: ReactNode
}) {
	const allColumns: TableColumn<Row, State['sort']>[] = actions
		? [
				...columns,
				{ label: 'Actions', className: 'whitespace-nowrap', cell: (row) => <span className="flex flex-wrap items-center gap-3">{actions(row)}</span> },
			]
		: columns
	return (
		<div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900">
			<table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
				<thead>
					<tr>
						{allColumns.map((column) =>
							column.sort && state ? (
								<SortHeader key={column.label} state={state} column={column.sort}>
									{column.label}
								</SortHeader>
							) : (
								<PlainHeader key={column.label}>{column.label}</PlainHeader>
							),
						)}
					</tr>
				</thead>
				<tbody className="divide-y divide-slate-100 dark:divide-slate-800">
					{rows.length === 0 ? (
						<tr>
							<td colSpan={allColumns.length} className="px-3 py-8 text-center text-sm text-slate-500">
								{emptyText}
							</td>
						</tr>
					) : null}
					{rows.map((row) => (
						<tr key={row.id} data-testid={rowTestId}>
							{allColumns.map((column) => (
								<td key={column.label} className={cn(cellClassName, column.className)} data-testid={column.testId}>
									{column.cell(row)}
								</td>
							))}
						</tr>
					))}
				</tbody>
			</table>
			{footer}
		</div>
	)
}

const cellClassName = 'px-3 py-2 text-sm align-middle'

export function allOption(label = 'All') {
	return { value: 'all', label }
}
