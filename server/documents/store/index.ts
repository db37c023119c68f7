/**
 * What the record domains below the document pipeline read of the documents
 * table (docs/decisions/026-layers.md): counts, titles, dates and storage use,
 * inside the caller's tenant transaction. server/documents owns the table
 * (011); this folder is its lower floor, so health, medications and billing
 * read documents without loading the upload and processing code that calls
 * them.
 */
export {
	selectDocumentCounts,
	selectDocumentTitles,
	selectOrganizationDocumentUsage,
	selectOrganizationStoredBytes,
	selectRecentDocuments,
	type DocumentCounts,
} from './overview.ts'
export { selectRecordDates } from './record-dates.ts'
export { countedDocumentCondition } from './counted-documents.ts'
