import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { HighlightedText } from '#app/components/search/highlighted-text.tsx'
import { Alert } from '#app/components/ui/alert.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { inputClassName } from '#app/components/ui/field.tsx'
import { requirePatient } from '#server/auth/index.ts'
import { formatCalendarDate } from '#server/documents/shared/format.ts'
import { searchPage } from '#server/search/index.ts'
import { queryWords, SEARCH_GROUP_LABELS, SEARCH_MESSAGES, SEARCH_RESULT_TYPES, searchResultHref } from '#server/search/shared/search.ts'
import { parseSearchQuery, TEXT_LIMITS } from '#server/validation/shared/text.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	// A search text with refused characters (or too long) is answered with its message, never searched.
	const { query, error } = parseSearchQuery(new URL(request.url).searchParams.get('q'))
	const results = error || !query ? null : await searchPage(patient, query)
	return { query, error, results }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.query ? `Search: ${data.query} · Carebook` : 'Search · Carebook' }]

/** /search?q=<text>: every result of the global search, grouped by type, the matches highlighted. */
export default function SearchRoute() {
	const { query, error, results } = useLoaderData<typeof loader>()
	const words = queryWords(query)
	const total = results ? SEARCH_RESULT_TYPES.reduce((sum, type) => sum + results[type].length, 0) : 0
	return (
		<div className="mx-auto max-w-4xl space-y-6">
			<div>
				<h1 className="text-2xl font-bold tracking-tight">Search</h1>
				<p className="mt-1 text-slate-600 dark:text-slate-300">Your appointments, documents (with their text) and medications.</p>
			</div>
			<Form method="get" role="search" className="flex gap-2">
				<label htmlFor="search-page-q" className="sr-only">
					{SEARCH_MESSAGES.label}
				</label>
				<input
					id="search-page-q"
					name="q"
					type="search"
					defaultValue={query}
					maxLength={TEXT_LIMITS.search}
					placeholder={SEARCH_MESSAGES.placeholder}
					aria-invalid={error ? true : undefined}
					aria-describedby={error ? 'search-page-error' : undefined}
					className={inputClassName}
				/>
				<button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
					Search
				</button>
			</Form>
			{error ? (
				<p id="search-page-error" className="text-sm text-red-600">
					{error}
				</p>
			) : null}
			{results && total === 0 ? <Alert tone="info">{SEARCH_MESSAGES.noResults(query)}</Alert> : null}
			{results && total > 0 ? (
				<p className="text-sm text-slate-600 dark:text-slate-300" role="status">
					{total} {total === 1 ? 'result' : 'results'} for “{query}”
				</p>
			) : null}
			{results
				? SEARCH_RESULT_TYPES.map((type) =>
						results[type].length ? (
							<section key={type} aria-labelledby={`results-${type}`} className="space-y-3">
								<h2 id={`results-${type}`} className="text-lg font-semibold">
									{SEARCH_GROUP_LABELS[type]} <span className="text-sm font-normal text-slate-500">({results[type].length})</span>
								</h2>
								<Card className="p-0">
									<ul className="divide-y divide-slate-200 dark:divide-slate-800">
										{results[type].map((result) => (
											<li key={result.id} className="p-4" data-testid="search-result">
												<div className="flex items-baseline justify-between gap-4">
													<Link to={searchResultHref(result)} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
														<HighlightedText text={result.title} words={words} />
													</Link>
													<span className="shrink-0 text-sm text-slate-500">{formatCalendarDate(result.date)}</span>
												</div>
												{result.subtitle ? (
													<p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">
														<HighlightedText text={result.subtitle} words={words} />
													</p>
												) : null}
												{result.snippet ? (
													<p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
														<HighlightedText text={result.snippet} words={words} />
													</p>
												) : null}
											</li>
										))}
									</ul>
								</Card>
							</section>
						) : null,
					)
				: null}
		</div>
	)
}
