import type { ParameterStatus } from '#server/lab-vocabulary/shared/parameter-status.ts'
import type { StructuredAppointment, StructuredDocumentReference, StructuredSummary } from './shared/structured-types.ts'
import type { MeasuredValue } from './shared/measured-value.ts'

export type { StructuredSummary }

/** Shapes shared by the extraction modules and their callers. */

export type DocumentKind = 'lab_report' | 'imaging' | 'clinical_notes' | 'immunization' | 'other'

export type FileKind = 'pdf' | 'jpeg' | 'png' | 'dicom' | 'ccda' | 'fhir'

export type { ParameterStatus }

export type RejectionReason =
	| 'empty_file'
	| 'too_large'
	| 'type_mismatch'
	| 'unsupported_type'
	| 'corrupt_pdf'
	| 'encrypted_pdf'
	| 'corrupt_image'
	| 'corrupt_dicom'
	/** over a processing limit: pixels, rendered page size, pages, inflated size or memory */
	| 'too_large_to_process'
	/** over the time limit of one extraction */
	| 'processing_timeout'
	/** a C-CDA or FHIR file refused for safety: a DTD or entities, too deep, a text block too large, reserved JSON keys */
	| 'unsafe_file'
	/** a C-CDA or FHIR file that is not well-formed or not a FHIR resource */
	| 'unreadable_record'

export type ExtractedParameter = {
	/** the vocabulary's canonical code (analytes.ts); never invented */
	code: string
	/** LOINC code, where the vocabulary has one for this name and unit */
	loinc: string | null
	/** the name as printed */
	name: string
	value: number
	valueText: string
	/** the unit as printed (for display) */
	unit: string | null
	/** the printed unit as UCUM, null when none or not understood */
	ucumUnit: string | null
	referenceRangeMin: number | null
	referenceRangeMax: number | null
	referenceRangeText: string | null
	status: ParameterStatus | null
	testDate: string | null
	/** a C-CDA or FHIR entry's identity (its id, and a hash of code, value, unit and time), so a repeated entry is stored once */
	entryKeys?: string[]
	/** the flag printed beside the value ('H', 'L', 'Low', '*'), when the row has one */
	flag?: string | null
	/** OCR: the value's digits were repaired (a decimal point restored, letters read as digits), not read as printed */
	isValueRepaired?: boolean
	/** OCR: the row prints several results side by side and no header date tells which is the newest (plausibility.ts: several_results) */
	hasSeveralResults?: boolean
	/** a repaired value that the other reading of its OCR page read otherwise, with that value (plausibility.ts: readings_disagree) */
	otherReadingValueText?: string
	/** name, value, unit and range do not agree (plausibility.ts): the rule's code and the reason shown to the patient; kept out of trends until confirmed */
	toCheck?: { code: string; reason: string }
	/**
	 * another printed row of a code the document holds more than once on this date (another unit,
	 * population or fluid): shown on the document page, while the row chosen by same-analyte.ts
	 * stands for the code in trends, compare, predictions and risk
	 */
	alternate?: boolean
}

/** A result row whose name the vocabulary does not know: kept as printed, never given a code. */
export type UnmappedResult = MeasuredValue & {
	referenceRangeText: string | null
}

export type ExtractedMedication = {
	name: string
	dose: string | null
	frequency: string | null
	status: 'active' | 'discontinued'
	text: string
	/** YYYY-MM-DD, when the file gives it (C-CDA and FHIR) */
	startDate?: string | null
	/** as ExtractedParameter.entryKeys */
	entryKeys?: string[]
}

export type DicomSummary = {
	modality: string | null
	studyDate: string | null
	studyDescription: string | null
	bodyPart: string | null
	institution: string | null
	rows: number | null
	columns: number | null
}

export type ExtractionTimings = {
	extractMs: number
	ocrMs: number
	totalMs: number
}

export type ExtractionResult = {
	accepted: boolean
	reason?: RejectionReason
	message?: string
	kind: DocumentKind
	/** YYYY-MM-DD */
	date: string | null
	/**
	 * a date was printed whose day and month could be the other way round (no evidence in the
	 * document): date is left null and these are its two readings (YYYY-MM-DD), for the patient to choose
	 */
	dateChoices: string[]
	provider: string | null
	title: string
	summary: string
	tags: string[]
	text: string
	pages: number | null
	parameters: ExtractedParameter[]
	/** result rows with names outside the vocabulary (not stored as health parameters) */
	unmapped: UnmappedResult[]
	medications: ExtractedMedication[]
	/** the languages OCR read the pages with (empty when no page needed OCR) */
	ocrLanguages: string[]
	dicom?: DicomSummary
	/** a C-CDA or FHIR import: what it held beyond parameters and medications */
	structured?: StructuredSummary
	/** a FHIR file's DocumentReferences (stored as records of their own, without their files) and Appointments */
	importedDocuments?: StructuredDocumentReference[]
	importedAppointments?: StructuredAppointment[]
	timings: ExtractionTimings
}

/** tesseract language codes: 'eng', 'deu', 'fra', 'spa', 'ita', 'por', 'tur' */
export type OcrOptions = {
	languages?: readonly string[]
}

export type OcrResult = {
	text: string
	ms: number
	/** the languages the engine read with */
	languages?: string[]
	/** the word boxes the text was laid out from, when the engine gives them */
	words?: OcrWord[]
}

/** One word tesseract read, with its box (pixels) and tesseract's block/paragraph/line numbers. */
export type OcrWord = {
	block: number
	paragraph: number
	line: number
	left: number
	top: number
	width: number
	height: number
	confidence: number
	text: string
}

export interface OcrEngine {
	name: string
	recognize(image: Buffer, options?: OcrOptions): Promise<OcrResult>
	/** the languages this engine can read (default: English only) */
	availableLanguages?(): readonly string[]
	/** tesseract's orientation detection (OSD): the clockwise turn that sets the page upright (0, 90, 180, 270), null when unsure */
	detectOrientation?(image: Buffer): Promise<number | null>
	/** the model it reads with ('system', 'best_int', a tessdata folder): caches of readings key on it */
	modelName?(): string
	/** how many recognitions it runs at once (default 1); above 1 a page may be read in parts */
	parallelism?: number
	/** gets ready for the next `count` readings with these languages (English by default) while their page is being prepared */
	warmUp?(languages?: readonly string[], count?: number): void
}
