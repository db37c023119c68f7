export { DOCUMENT_MESSAGES, MAX_FILES_PER_FORM_UPLOAD } from './shared/messages.ts'
export { type ReceivedFile } from './receive-upload.ts'
export { acceptUpload, acceptUploads, storeUploadedDocument } from './upload.ts'
export {
	processDocument,
	markDocumentInterrupted,
	failStrandedDocuments,
	childProcessExtractor,
	inProcessExtractor,
	type DocumentExtractor,
} from './process-document.ts'
export {
	listDocuments,
	getDocumentsByIds,
	getDocument,
	openDocumentFile,
	selectDocumentFile,
	streamDocumentFile,
	selectDocumentCards,
	type DocumentCard,
	deleteDocument,
	retryDocument,
	requeueFailedDocument,
	isUuid,
	type Patient,
	type DocumentSummary,
} from './queries.ts'
export { answerDocumentSubject, subjectAnswerAmong, carrySubjectAnswer } from './subject.ts'
export { replaceDocumentFile, readDocumentFile } from './replace-file.ts'
export { discardReceivedFile } from './receive-upload.ts'
export { chooseDocumentDate } from './date-choice.ts'
export { reviewDocumentValue } from './value-review.ts'
export { reviewPrintedResult } from './printed-results.ts'
export { listTestDates, compareTestDates } from './compare.ts'
export { signDocumentLink, isDocumentLinkValid } from './signed-link.ts'
export { fileResponse, fileResponseHeaders } from './file-response.ts'
export { documentTotals, recentDocuments, processingByDay, type TenantRef, type TenantDocumentTotals } from './cross-tenant-metadata.ts'
export { documentCounters } from './counters.ts'
export { searchDocumentRows } from './search-rows.ts'
export { selectOwnerDocumentsForExport } from './owner-export.ts'
