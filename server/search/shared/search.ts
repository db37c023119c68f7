/**
 * Global search as the browser sees it (spec 2.2, 3, 5): result types and
 * links, the words of a query, highlighted matches and the states' texts.
 * Browser-safe.
 */

export const SEARCH_RESULT_TYPES = ['appointment', 'document', 'medication'] as const
export type SearchResultType = (typeof SEARCH_RESULT_TYPES)[number]

/** Spec 3: id, type, title, date; plus a line under the title and, on /search, a piece of text around the match. */
export type SearchResult = {
	id: string
	type: SearchResultType
	title: string
	/** 'YYYY-MM-DD' */
	date: string
	subtitle: string | null
	snippet?: string | null
}

export type SearchResults = Record<SearchResultType, SearchResult[]>

export const SEARCH_GROUP_LABELS: Record<SearchResultType, string> = {
	appointment: 'Appointments',
	document: 'Documents',
	medication: 'Medications',
}

export const SEARCH_TYPE_LABELS: Record<SearchResultType, string> = {
	appointment: 'Appointment',
	document: 'Document',
	medication: 'Medication',
}

export const SEARCH_MESSAGES = {
	searching: 'Searching',
	noResults: (text: string) => `No results found for ${text}`,
	viewAll: 'View all results',
	placeholder: 'Search records, appointments, medications',
	label: 'Search',
} as const

/** How many results per type the header's dropdown shows, and /search. */
export const TYPEAHEAD_LIMIT = 5
export const RESULTS_PAGE_LIMIT = 50
/** Words of a query used at most (the rest are ignored). */
export const MAX_QUERY_WORDS = 8

/** Where a result opens (the routes; spec 2.1 names /medical-records/documents/{id} for what is /records/{id} here). */
export function searchResultHref(result: Pick<SearchResult, 'type' | 'id'>): string {
	switch (result.type) {
		case 'appointment':
			return `/appointments/${result.id}`
		case 'document':
			return `/records/${result.id}`
		case 'medication':
			return `/medications/${result.id}`
	}
}

export function searchPageHref(text: string): string {
	return `/search?${new URLSearchParams({ q: text })}`
}

/** The words of a query: letters and digits, lower-cased, at most MAX_QUERY_WORDS. */
export function queryWords(text: string): string[] {
	return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_QUERY_WORDS)
}

/**
 * The tsquery text for the words: each a prefix, all required ('chol:* & ldl:*'); with
 * `weights`, only lexemes of those weights ('chol:*A'). Words hold only letters and digits.
 */
export function prefixTsQuery(words: string[], weights = ''): string {
	return words.map((word) => `${word}:*${weights}`).join(' & ')
}

export type HighlightSegment = { text: string; isMatch: boolean }

/** Splits `text` into plain and matching pieces: a match is a word that starts with one of the query's words. */
export function highlightSegments(text: string, words: string[]): HighlightSegment[] {
	if (!words.length || !text) return [{ text, isMatch: false }]
	const escaped = [...new Set(words)].sort((a, b) => b.length - a.length).map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
	const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join('|')})[\\p{L}\\p{N}]*`, 'giu')
	const segments: HighlightSegment[] = []
	let last = 0
	for (const match of text.matchAll(pattern)) {
		if (match.index > last) segments.push({ text: text.slice(last, match.index), isMatch: false })
		segments.push({ text: match[0], isMatch: true })
		last = match.index + match[0].length
	}
	if (last < text.length) segments.push({ text: text.slice(last), isMatch: false })
	return segments
}

/** About `radius` characters either side of the first word matching the query, on word boundaries, with ellipses. */
export function snippetAround(text: string, words: string[], radius = 90): string | null {
	if (!text || !words.length) return null
	const flat = text.replace(/\s+/g, ' ').trim()
	const first = highlightSegments(flat, words).reduce<{ at: number; found: boolean }>(
		(state, segment) => (state.found ? state : segment.isMatch ? { ...state, found: true } : { at: state.at + segment.text.length, found: false }),
		{ at: 0, found: false },
	)
	if (!first.found) return null
	let start = Math.max(0, first.at - radius)
	let end = Math.min(flat.length, first.at + radius)
	if (start > 0) start = flat.indexOf(' ', start) + 1 || start
	if (end < flat.length) end = flat.lastIndexOf(' ', end) > first.at ? flat.lastIndexOf(' ', end) : end
	return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`
}
