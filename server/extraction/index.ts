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
export { REJECTION_MESSAGES, tooLargeMessage } from './messages.ts'
export { extractDocument, MAX_DOCUMENT_BYTES, MAX_OCR_PAGES, type ExtractDocumentInput } from './extract-document.ts'
export { renderPreview, PREVIEW_MAX_WIDTH } from './preview.ts'
export {
	createTesseractCliEngine,
	createTesseractJsEngine,
	createDefaultOcrEngine,
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
export { gradeValue } from './parameter-status.ts'
export { parseDate, findDocumentDate } from './document-date.ts'
export { classifyDocument } from './classify.ts'
export { extractLabValues } from './lab-values.ts'
export { extractMedications, parseMedicationLine } from './medications.ts'
