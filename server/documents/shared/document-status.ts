/** How a document's processing state shows on the records screens. Browser-safe. */
export type DocumentStatus = 'queued' | 'processing' | 'processed' | 'failed'

export type DocumentStatusBadge = { label: string; tone: 'neutral' | 'info' | 'danger' }

/** A badge for a document that is not processed yet: Queued, Processing or Failed; none once processed. */
export function documentStatusBadge(status: string): DocumentStatusBadge | null {
	switch (status) {
		case 'queued':
			return { label: 'Queued', tone: 'neutral' }
		case 'processing':
			return { label: 'Processing', tone: 'info' }
		case 'failed':
			return { label: 'Failed', tone: 'danger' }
		default:
			return null
	}
}

/** Still waiting for the worker: the detail page refreshes until this turns false. */
export function isAwaitingProcessing(status: string) {
	return status === 'queued' || status === 'processing'
}

/** Only a processing error can be retried; an unreadable file stays failed. */
export function canRetryProcessing(document: { status: string; failureReason: string | null }) {
	return document.status === 'failed' && document.failureReason === 'processing_error'
}

/** How often the detail page checks a document that is still being processed. */
export const PROCESSING_REFRESH_MS = 2000

/** Characters of extracted text sent to the detail page. */
export const TEXT_EXCERPT_CHARS = 3000

/** The first `limit` characters of the extracted text, cut at a word boundary when one is near. */
export function textExcerpt(text: string | null | undefined, limit = TEXT_EXCERPT_CHARS) {
	const trimmed = text?.trim() ?? ''
	if (trimmed.length <= limit) return { text: trimmed, isTruncated: false }
	const cut = trimmed.slice(0, limit)
	const lastSpace = cut.search(/\s\S*$/)
	return { text: `${(lastSpace > limit * 0.8 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`, isTruncated: true }
}
