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
	ParameterStatus,
	RejectionReason,
} from './types.ts'

export { detectFileType, kindFromExtension, FILE_TYPE_HEAD_BYTES, type DetectedFileType } from './file-type.ts'
export { validatePdfStructure, type PdfStructureCheck } from './pdf-structure.ts'
export { sanitizeFileName, guessCategoryFromFileName, titleFromFileName, type UploadCategory } from './file-name.ts'
export { REJECTION_MESSAGES, tooLargeMessage, tooManyPagesMessage } from './messages.ts'
export { extractDocument, rejectedResult, MAX_DOCUMENT_BYTES, MAX_OCR_PAGES, type ExtractDocumentInput } from './extract-document.ts'
export { renderPreview, PREVIEW_MAX_WIDTH } from './preview.ts'
export { MAX_DECODED_PIXELS, MAX_INFLATED_BYTES, MAX_PDF_PAGES, MAX_RENDER_PIXELS, MIN_OCR_RENDER_DPI, ProcessingLimitError } from './limits.ts'
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
} from './ocr-engine.ts'
export {
	ANALYTES,
	ANALYTE_CODES,
	findAnalyteByCode,
	lookupAnalyteName,
	normaliseAnalyteName,
	type Analyte,
	type AnalyteCategory,
	type CriticalThreshold,
} from './analytes.ts'
export { parseReferenceRange, type ReferenceRange } from './reference-range.ts'
export { gradeParameter, guidelineGradeOf, type GuidelineGrade } from './parameter-status.ts'
export { checkPlausibility, markValuesToCheck, type PlausibilityCode, type ToCheck } from './plausibility.ts'
export { parseDate, findDocumentDate } from './document-date.ts'
export { classifyDocument } from './classify.ts'
export { extractLabValues } from './lab-values.ts'
export { convertComparableValue, convertValue, isSameUnit, toUcum } from './ucum.ts'
export { findPrintedPatient, readBirthDate, type PrintedPatient } from './patient-identity.ts'
export { extractMedications, parseMedicationLine } from './medications.ts'
export { importReportOf, type ImportReport, type ImportReportGroup } from './structured/import-report.ts'
