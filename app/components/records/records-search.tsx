import { Form, useNavigation, useSubmit } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { inputClassName } from '#app/components/ui/field.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { cn } from '#app/lib/cn.ts'
import { TEXT_LIMITS } from '#server/validation/shared/text.ts'
import { buttonClassName } from '#app/components/ui/button.tsx'

export const SEARCH_DEBOUNCE_MS = 300

/**
 * Search over the patient's records: a GET form (`?q=`) that works without
 * JavaScript; with it, typing submits after a short pause.
 */
export function RecordsSearch({ query, error = null }: { query: string; error?: string | null }) {
	const submit = useSubmit()
	const navigation = useNavigation()
	const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
	const isSearching = navigation.state === 'loading' && navigation.location.pathname === '/records' && new URLSearchParams(navigation.location.search).has('q')
	const input = useRef<HTMLInputElement>(null)
	useEffect(
		() => () => {
			if (timer.current) clearTimeout(timer.current)
		},
		[],
	)
	useEffect(() => {
		// Back/forward or a tab link changed the query: show it, unless the patient is typing.
		if (input.current && document.activeElement !== input.current) input.current.value = query
	}, [query])
	return (
		<Form method="get" action="/records" role="search" className="flex flex-wrap gap-2" aria-label="Search records">
			<div className="relative min-w-0 flex-1">
				<label htmlFor="records-search" className="sr-only">
					Search records
				</label>
				<span className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-slate-400" aria-hidden>
					<svg viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4">
						<path
							fillRule="evenodd"
							d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.58 3.58a.75.75 0 1 1-1.06 1.06l-3.58-3.58A7 7 0 0 1 2 9Z"
							clipRule="evenodd"
						/>
					</svg>
				</span>
				<input
					ref={input}
					id="records-search"
					type="search"
					name="q"
					defaultValue={query}
					maxLength={TEXT_LIMITS.search}
					placeholder="Search by title, provider, tag or text"
					autoComplete="off"
					className={cn(inputClassName, 'pl-9 pr-9')}
					aria-invalid={error ? true : undefined}
					aria-describedby={error ? 'records-search-error' : undefined}
					onChange={(event) => {
						const form = event.currentTarget.form
						if (timer.current) clearTimeout(timer.current)
						timer.current = setTimeout(() => {
							if (form) submit(form, { replace: true, preventScrollReset: true })
						}, SEARCH_DEBOUNCE_MS)
					}}
				/>
				{isSearching ? (
					<span className="absolute inset-y-0 right-0 flex items-center pr-3 text-slate-400">
						<Spinner label="Searching" />
					</span>
				) : null}
			</div>
			<button type="submit" className={buttonClassName('secondary')}>
				Search
			</button>
			{error ? (
				<p id="records-search-error" className="w-full text-sm text-red-600 dark:text-red-400">
					{error}
				</p>
			) : null}
		</Form>
	)
}
