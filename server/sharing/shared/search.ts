import { documentTypeLabel } from '#server/documents/shared/document-type-label.ts'
import { formatCalendarDate } from '#server/documents/shared/format.ts'

export type ShareableDocument = { id: string; title: string; documentType: string; documentDate: string | null }

/** The table's Type and Date texts of a record. */
export function shareableDocumentRow(document: ShareableDocument) {
	return {
		type: documentTypeLabel(document.documentType),
		date: document.documentDate ? formatCalendarDate(document.documentDate) : 'Not detected',
	}
}

/** The search of step 1: a case-insensitive match on the title, the type or the date as the table shows them. */
export function matchesShareSearch(document: ShareableDocument, query: string): boolean {
	const needle = query.trim().toLowerCase()
	if (!needle) return true
	const row = shareableDocumentRow(document)
	return [document.title, row.type, row.date].some((text) => text.toLowerCase().includes(needle))
}
