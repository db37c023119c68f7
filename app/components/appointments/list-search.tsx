import { Form, useLocation, useSubmit } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { FILTER_PARAMS, MAX_SEARCH_LENGTH } from '#server/appointments/shared/filters.ts'
import { APPOINTMENTS_PATH, hiddenListParams } from '#server/appointments/shared/list-url.ts'
import { inputClassName } from '#app/components/ui/field.tsx'
import { cn } from '#app/lib/cn.ts'
import { SearchIcon } from './icons.tsx'

export const SEARCH_LABEL = 'Search appointments'
const SEARCH_DEBOUNCE_MS = 300

/**
 * The search box (title, provider, specialty, location; applies to the
 * Upcoming view). A GET form: Enter searches without JavaScript; with it,
 * typing searches after a short pause.
 */
export function ListSearch({ query, error = null }: { query: string; error?: string | null }) {
	const location = useLocation()
	const submit = useSubmit()
	const formRef = useRef<HTMLFormElement>(null)
	const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
	useEffect(() => () => clearTimeout(timer.current), [])
	const search = new URLSearchParams(location.search)
	return (
		<Form ref={formRef} method="get" action={APPOINTMENTS_PATH} role="search" className="w-full sm:max-w-xs">
			{hiddenListParams(search, [FILTER_PARAMS.q]).map(([name, value], index) => (
				<input key={`${name}-${index}`} type="hidden" name={name} value={value} />
			))}
			<label htmlFor="appointment-search" className="sr-only">
				{SEARCH_LABEL}
			</label>
			<div className="relative">
				<SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" />
				<input
					id="appointment-search"
					type="search"
					name={FILTER_PARAMS.q}
					defaultValue={query}
					maxLength={MAX_SEARCH_LENGTH}
					placeholder="Search appointments..."
					autoComplete="off"
					className={cn(inputClassName, 'pl-9')}
					aria-invalid={error ? true : undefined}
					aria-describedby={error ? 'appointment-search-error' : undefined}
					onChange={(event) => {
						const form = event.currentTarget.form
						clearTimeout(timer.current)
						timer.current = setTimeout(() => {
							if (form) submit(form, { replace: true, preventScrollReset: true })
						}, SEARCH_DEBOUNCE_MS)
					}}
				/>
			</div>
			{error ? (
				<p id="appointment-search-error" className="mt-1 text-sm text-red-600 dark:text-red-400">
					{error}
				</p>
			) : null}
		</Form>
	)
}
