import { Form, useNavigate } from '@remix-run/react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { SEARCH_INPUT_CLASS, SearchIcon } from '#app/components/header-fallbacks.tsx'
import { cn } from '#app/lib/cn.ts'
import { TrpcProviders, useTRPC } from '#app/lib/trpc.tsx'
import { formatCalendarDate } from '#server/documents/shared/format.ts'
import {
	queryWords,
	SEARCH_GROUP_LABELS,
	SEARCH_MESSAGES,
	SEARCH_RESULT_TYPES,
	SEARCH_TYPE_LABELS,
	searchPageHref,
	searchResultHref,
	type SearchResult,
} from '#server/search/shared/search.ts'
import { isAllowedText, TEXT_LIMITS } from '#server/validation/shared/text.ts'
import { HighlightedText } from './highlighted-text.tsx'

const DEBOUNCE_MS = 200

function useDebounced(value: string, delay: number) {
	const [debounced, setDebounced] = useState(value)
	useEffect(() => {
		const timer = setTimeout(() => setDebounced(value), delay)
		return () => clearTimeout(timer)
	}, [value, delay])
	return debounced
}

/**
 * The header's global search (spec 2.2, 5): typed results (appointment,
 * document, medication) with their dates as you type, 'Searching' and 'No
 * results found for <text>', empty text clears, arrow keys and Enter choose a
 * result, Escape closes; 'View all results' (or Enter with none chosen) opens
 * /search. Without JavaScript it is a plain GET form to /search.
 */
export function HeaderSearch({ className }: { className?: string }) {
	const trpc = useTRPC()
	const navigate = useNavigate()
	const listId = useId()
	const inputRef = useRef<HTMLInputElement>(null)
	const [text, setText] = useState('')
	const [isOpen, setOpen] = useState(false)
	const [active, setActive] = useState(-1)
	const trimmed = text.trim()
	const debounced = useDebounced(trimmed, DEBOUNCE_MS)
	const isSearchable = debounced.length > 0 && debounced.length <= TEXT_LIMITS.search && isAllowedText(debounced)
	const query = useQuery({
		...trpc.search.typeahead.queryOptions({ q: debounced }),
		enabled: isSearchable,
		placeholderData: keepPreviousData,
		staleTime: 10_000,
	})
	const results: SearchResult[] = useMemo(
		() => (isSearchable && query.data ? SEARCH_RESULT_TYPES.flatMap((type) => query.data[type]) : []),
		[isSearchable, query.data],
	)
	const isSearching = trimmed.length > 0 && (trimmed !== debounced || query.isFetching)
	const words = queryWords(debounced)
	// Options: the results, then View all results.
	const optionCount = trimmed ? results.length + 1 : 0
	useEffect(() => setActive(-1), [debounced])
	useEffect(() => {
		// Text typed into the server-rendered box before hydration is kept.
		if (inputRef.current?.value) setText(inputRef.current.value)
	}, [])

	function openHref(href: string) {
		setOpen(false)
		setText('')
		inputRef.current?.blur()
		navigate(href)
	}
	function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
		if (event.key === 'ArrowDown' && optionCount) {
			event.preventDefault()
			setOpen(true)
			setActive((current) => (current + 1) % optionCount)
		} else if (event.key === 'ArrowUp' && optionCount) {
			event.preventDefault()
			setActive((current) => (current <= 0 ? optionCount - 1 : current - 1))
		} else if (event.key === 'Escape') {
			setOpen(false)
			setActive(-1)
		} else if (event.key === 'Enter') {
			event.preventDefault()
			if (!trimmed) return
			const chosen = active >= 0 && active < results.length ? results[active] : null
			openHref(chosen ? searchResultHref(chosen) : searchPageHref(trimmed))
		}
	}
	const showPanel = isOpen && trimmed.length > 0
	const optionId = (index: number) => `${listId}-option-${index}`
	let index = -1
	return (
		<Form method="get" action="/search" role="search" className={cn('relative w-full max-w-md', className)} onSubmit={(event) => event.preventDefault()}>
			<label htmlFor={`${listId}-input`} className="sr-only">
				{SEARCH_MESSAGES.label}
			</label>
			<div className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-400">
				<SearchIcon />
			</div>
			<input
				ref={inputRef}
				id={`${listId}-input`}
				name="q"
				type="search"
				autoComplete="off"
				maxLength={TEXT_LIMITS.search}
				placeholder={SEARCH_MESSAGES.placeholder}
				value={text}
				onChange={(event) => {
					setText(event.target.value)
					setOpen(true)
				}}
				onFocus={() => setOpen(true)}
				onBlur={() => setOpen(false)}
				onKeyDown={onKeyDown}
				role="combobox"
				aria-expanded={showPanel}
				aria-controls={`${listId}-list`}
				aria-autocomplete="list"
				aria-activedescendant={showPanel && active >= 0 ? optionId(active) : undefined}
				className={SEARCH_INPUT_CLASS}
			/>
			{showPanel ? (
				<div
					id={`${listId}-list`}
					role="listbox"
					aria-label="Search results"
					// a press anywhere in the panel (an option, its padding, its scrollbar) keeps the focus in the box, so blur means the user left
					onMouseDown={(event) => event.preventDefault()}
					className="absolute top-full right-0 left-0 z-50 mt-2 max-h-[70vh] overflow-y-auto rounded-lg bg-white py-2 shadow-lg ring-1 ring-black/5 dark:bg-slate-900 dark:ring-white/10"
				>
					{isSearching && !results.length ? (
						<p className="px-4 py-3 text-sm text-slate-500" role="status">
							{SEARCH_MESSAGES.searching}
						</p>
					) : null}
					{!isSearching && isSearchable && query.isSuccess && !results.length ? (
						<p className="px-4 py-3 text-sm text-slate-500" role="status">
							{SEARCH_MESSAGES.noResults(trimmed)}
						</p>
					) : null}
					{SEARCH_RESULT_TYPES.map((type) => {
						const group = results.filter((result) => result.type === type)
						if (!group.length) return null
						return (
							<div key={type} role="group" aria-label={SEARCH_GROUP_LABELS[type]}>
								<p className="px-4 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">{SEARCH_GROUP_LABELS[type]}</p>
								{group.map((result) => {
									index += 1
									const position = index
									return (
										<div
											key={result.id}
											id={optionId(position)}
											role="option"
											aria-selected={active === position}
											onClick={() => openHref(searchResultHref(result))}
											onMouseEnter={() => setActive(position)}
											className={cn(
												'flex cursor-pointer items-baseline justify-between gap-3 px-4 py-2',
												active === position ? 'bg-slate-100 dark:bg-slate-800' : '',
											)}
										>
											<span className="min-w-0">
												<span className="block truncate text-sm font-medium">
													<HighlightedText text={result.title} words={words} />
												</span>
												<span className="block truncate text-xs text-slate-500">
													{SEARCH_TYPE_LABELS[result.type]}
													{result.subtitle ? ` · ${result.subtitle}` : ''}
												</span>
											</span>
											<span className="shrink-0 text-xs text-slate-500">{formatCalendarDate(result.date)}</span>
										</div>
									)
								})}
							</div>
						)
					})}
					<div
						id={optionId(results.length)}
						role="option"
						aria-selected={active === results.length}
						onClick={() => openHref(searchPageHref(trimmed))}
						onMouseEnter={() => setActive(results.length)}
						className={cn(
							'mt-1 cursor-pointer border-t border-slate-100 px-4 pt-2 pb-1 text-sm font-medium text-brand-600 dark:border-slate-800',
							active === results.length ? 'bg-slate-100 dark:bg-slate-800' : '',
						)}
					>
						{SEARCH_MESSAGES.viewAll}
					</div>
				</div>
			) : null}
		</Form>
	)
}

/** The header's search with its tRPC providers, loaded after the page (SearchBoxFallback until then). */
export default function HeaderSearchLive({ className }: { className?: string }) {
	return (
		<TrpcProviders>
			<HeaderSearch className={className} />
		</TrpcProviders>
	)
}
