export { DOCUMENT_MESSAGES, MAX_FILES_PER_FORM_UPLOAD, MAX_UPLOAD_BYTES, TEXT_PREVIEW_CHARS } from './shared/messages.ts'
export { type ReceivedFile } from './receive-upload.ts'
export { acceptUpload, acceptUploads, storeUploadedDocument, type MultiUploadOutcome, type UploadOutcome } from './upload.ts'
export {
	processDocument,
	markDocumentInterrupted,
	childProcessExtractor,
	inProcessExtractor,
	type DocumentExtractor,
} from './process-document.ts'
export { documentNotificationKey } from '#server/notifications/index.ts'
export {
	listDocuments,
	getDocumentsByIds,
	getDocument,
	openDocumentFile,
	selectDocumentFile,
	streamDocumentFile,
	selectDocumentCards,
	type DocumentCard,
	type StoredDocumentFile,
	deleteDocument,
	retryDocument,
	requeueFailedDocument,
	isUuid,
	type Patient,
	type DocumentSummary,
} from './queries.ts'
export { countedDocumentCondition } from './counted-documents.ts'
export { answerDocumentSubject, printedPatientOf, type SubjectAnswer } from './subject.ts'
export { reviewDocumentValue } from './value-review.ts'
export { listTestDates, compareTestDates, pairParameters, type ComparedParameter } from './compare.ts'
export { signDocumentLink, isDocumentLinkValid } from './signed-link.ts'
export { fileResponse, fileResponseHeaders } from './file-response.ts'
export {
	selectDocumentCounts,
	selectDocumentTitles,
	selectOrganizationDocumentUsage,
	selectRecentDocuments,
	type DocumentCounts,
	type RecentDocument,
} from './overview.ts'
export {
	documentTotals,
	recentDocuments,
	processingByDay,
	percentile,
	type TenantRef,
	type DocumentMetadata,
	type TenantDocumentTotals,
	type ProcessingDay,
} from './cross-tenant-metadata.ts'
export { documentCounters } from './counters.ts'
export { searchDocumentRows } from './search-rows.ts'
export { selectOwnerDocumentsForExport } from './owner-export.ts'
