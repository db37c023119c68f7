/**
 * Document extraction: what the worker calls for an uploaded file. Pure
 * server code, no database. See extract-document.ts for the pipeline.
 */

export type {
	DicomSummary,
	DocumentKind,
	ExtractedMedication,
	ExtractedParameter,
	ExtractionResult,
	ExtractionTimings,
	FileKind,
	OcrEngine,
	OcrResult,
	RejectionReason,
} from './types.ts'

export { detectFileType, kindFromExtension, FILE_TYPE_HEAD_BYTES, type DetectedFileType } from './intake/file-type.ts'
export { validatePdfStructure, type PdfStructureCheck } from './intake/pdf-structure.ts'
export { sanitizeFileName, guessCategoryFromFileName, titleFromFileName, type UploadCategory } from './intake/file-name.ts'
export { REJECTION_MESSAGES, tooLargeMessage, tooManyPagesMessage } from './intake/messages.ts'
export { extractDocument, rejectedResult, MAX_DOCUMENT_BYTES, MAX_OCR_PAGES, type ExtractDocumentInput } from './extract-document.ts'
export { renderPreview, PREVIEW_MAX_WIDTH } from './pages/preview.ts'
export { MAX_DECODED_PIXELS, MAX_INFLATED_BYTES, MAX_PDF_PAGES, MAX_RENDER_PIXELS, MIN_OCR_RENDER_DPI, ProcessingLimitError } from './intake/limits.ts'
export {
	extractInChildProcess,
	stopExtractionProcesses,
	processTreeRssMb,
	ExtractionProcessError,
	type ExtractionLimits,
	type IsolatedExtraction,
} from './isolated-extract.ts'
export {
	bestIntTessdataDir,
	createTesseractCliEngine,
	createTesseractJsEngine,
	createDefaultOcrEngine,
	createDefaultPaddleEngine,
	closeDefaultOcrEngine,
	findOnPath,
	type ClosableOcrEngine,
	type TesseractCliOptions,
	type TesseractJsOptions,
} from './ocr/ocr-engine.ts'
export { checkPlausibility, markValuesToCheck, type PlausibilityCode, type ToCheck } from './checks/plausibility.ts'
export { parseDate, findDocumentDate } from './facts/document-date.ts'
export { classifyDocument } from './facts/classify.ts'
export { extractLabValues } from './rows/lab-values.ts'
export { findPrintedPatient, readBirthDate, type PrintedPatient } from './facts/patient-identity.ts'
export { extractMedications, parseMedicationLine } from './rows/medications.ts'
export { importReportOf, type ImportReport, type ImportReportGroup } from './structured/import-report.ts'
