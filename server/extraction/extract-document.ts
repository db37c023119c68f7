import sharp, { type Metadata } from 'sharp'
import { classifyDocument } from './facts/classify.ts'
import { DicomReadError, readDicomInfo, type DicomInfo } from './pages/dicom.ts'
import { findDocumentDateWithEvidence } from './facts/document-date.ts'
import { sanitizeFileName, titleFromFileName } from './intake/file-name.ts'
import { detectFileType } from './intake/file-type.ts'
import { analyteInContext, findAnalyteByCode } from '#server/lab-vocabulary/analytes.ts'
import { extractLabResults, extractTableResults, withOtherReading, writesDecimalCommas, type LabResults, type LabTextSource } from './rows/lab-values.ts'
import { assertPageCount, assertPixelBudget, MAX_DECODED_PIXELS, ProcessingLimitError } from './intake/limits.ts'
import { extractMedications } from './rows/medications.ts'
import { readPatientSex } from './facts/patient-sex.ts'
import type { Sex } from './rows/sex-ranges.ts'
import { REJECTION_MESSAGES, tooLargeMessage } from './intake/messages.ts'
import { createDefaultOcrEngine, createDefaultPaddleEngine } from './ocr/ocr-engine.ts'
import { readReportPage, type PageOcrResult } from './ocr/ocr-page.ts'
import { pageImageForOcr, scanOfPage } from './pages/pdf-page-image.ts'
import { decodeHeicOnce, HeicReadError } from './pages/heic-image.ts'
import type { RawImage } from './ocr/image-preprocess.ts'
import { validatePdfStructure } from './intake/pdf-structure.ts'
import { markValuesToCheck } from './checks/plausibility.ts'
import { distinctPrintedRows, markAlternateRows } from './rows/same-analyte.ts'
import { extractPdfPageTexts, openPdf, PdfOpenError } from './pages/pdf-text.ts'
import { providerOfLetterhead, renderLetterheadBand, type Letterhead } from './facts/letterhead-band.ts'
import { letterheadOfBoxes, providerOfReadings, titleCaseName } from './facts/provider.ts'
import { boxesFromOcrWords, boxesFromPdfItems, type Box } from './pages/word-boxes.ts'
import { buildSummary, buildTags, buildTitle } from './facts/summary.ts'
import type { DocumentKind, ExtractedParameter, ExtractionResult, OcrEngine, RejectionReason } from './types.ts'
import { extractVitalSigns } from './rows/vital-signs.ts'
import { readStructuredRecord, StructuredReadError, structuredToResult } from './structured/read-structured.ts'
import { countResultRows } from './rows/row-count.ts'

/**
 * The whole extraction of one uploaded file: type by content, structure
 * checks, text (PDF text layer, OCR for scans and images, DICOM tags),
 * classification, date, provider, lab values, vital signs, medications,
 * title, summary and tags. No database; the same bytes give the same result
 * (timings aside).
 */

export type ExtractDocumentInput = {
	bytes: Buffer
	fileName: string
	/** default: createDefaultOcrEngine() (the tesseract CLI when installed) */
	ocr?: OcrEngine
	/**
	 * the engine that reads image pages first (readReportPage); default: PaddleOCR
	 * (createDefaultPaddleEngine) when `ocr` is not given, none when it is
	 */
	paddle?: OcrEngine | null
}

/** The upload limit (spec section 9: 20 MB = 20971520 bytes); larger files are refused unread. */
export const MAX_DOCUMENT_BYTES = 20_971_520
/** A page with fewer visible characters than this is taken for a scan. */
export const MIN_TEXT_LAYER_CHARACTERS = 25
/** Pages OCR'd per document at most (a 20 MB upload could hold hundreds). */
export const MAX_OCR_PAGES = 30
/** Pages prepared and OCR'd at once (each holds a page image in memory). */
const OCR_PAGE_CONCURRENCY = 2

/** otherReading: the OCR reading not kept (another model's), searched too for the document's date and provider */
type PageText = {
	pageNumber: number
	text: string
	source: LabTextSource
	/** OCR laid out from word boxes: gaps are column breaks */
	columnGaps?: boolean
	languages?: string[]
	otherReading?: string
	/** the page's word boxes (pdf.js items or OCR words), for the table reader */
	boxes?: Box[]
}

type Content = {
	pages: PageText[]
	pageCount: number | null
	dicom?: DicomInfo
	/** the first page's letterhead, to be read again when no reading names the provider (letterhead-band.ts) */
	letterhead?: Letterhead
	/** lets the document go (a PDF is kept open for its letterhead) */
	release?: () => Promise<void>
	extractMs: number
	ocrMs: number
}

class Rejection extends Error {
	constructor(
		readonly reason: RejectionReason,
		message: string,
	) {
		super(message)
	}
}

/** The result for a file that is not read: its reason and message, no content. `started` is a performance.now() value. */
export function rejectedResult(
	reason: RejectionReason,
	message: string,
	fileName: string,
	started: number,
	partial: Partial<ExtractionResult['timings']> = {},
): ExtractionResult {
	const totalMs = performance.now() - started
	return {
		accepted: false,
		reason,
		message,
		kind: 'other',
		date: null,
		dateChoices: [],
		provider: null,
		title: titleFromFileName(fileName),
		summary: message,
		tags: [],
		text: '',
		pages: null,
		parameters: [],
		unmapped: [],
		medications: [],
		ocrLanguages: [],
		timings: { extractMs: partial.extractMs ?? 0, ocrMs: partial.ocrMs ?? 0, totalMs },
	}
}

async function mapInBatches<T, R>(items: T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
	const results: R[] = []
	for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(run))))
	return results
}

async function readPdf(bytes: Buffer, engine: () => OcrEngine, paddle: () => OcrEngine | null): Promise<Content> {
	const structure = validatePdfStructure(bytes)
	if (!structure.ok) throw new Rejection(structure.reason, structure.message)
	const started = performance.now()
	let doc
	try {
		doc = await openPdf(bytes)
	} catch (error) {
		if (error instanceof PdfOpenError) throw new Rejection(error.reason, REJECTION_MESSAGES[error.reason])
		throw error
	}
	try {
		assertPageCount(doc.numPages)
		const texts = await extractPdfPageTexts(doc).catch(() => {
			throw new Rejection('corrupt_pdf', REJECTION_MESSAGES.corrupt_pdf)
		})
		const extractMs = performance.now() - started
		const pages: PageText[] = texts.map((page) => ({ pageNumber: page.pageNumber, text: page.text, source: 'text', boxes: boxesFromPdfItems(page.items) }))
		const scanned = pages.filter((page, index) => texts[index].characters < MIN_TEXT_LAYER_CHARACTERS).slice(0, MAX_OCR_PAGES)
		const ocrStarted = performance.now()
		let letterhead: Letterhead | undefined
		const ocr = () => engine()
		if (scanned.length > 0) {
			await mapInBatches(scanned, OCR_PAGE_CONCURRENCY, async (page) => {
				const image = await pageImageForOcr(doc, page.pageNumber)
				if (page.pageNumber === 1) letterhead = { source: 'ocr', image: image.raw, dpi: image.dpi }
				const result = await readReportPage(ocr(), image.raw, { dpi: image.dpi, paddle: paddle(), countRows: countResultRows })
				Object.assign(page, ocrPageText(result))
			})
		}
		// a scan carrying another program's text layer: that layer is one reading, judged against a fresh OCR of the scan
		const layered = pages.filter((page) => !scanned.includes(page)).slice(0, MAX_OCR_PAGES - scanned.length)
		let isLayerJudged = false
		await mapInBatches(layered, OCR_PAGE_CONCURRENCY, async (page) => {
			const image = await scanOfPage(doc, page.pageNumber)
			if (!image) return
			isLayerJudged = true
			const result = await readReportPage(ocr(), image.raw, { dpi: image.dpi, paddle: paddle(), countRows: countResultRows })
			if (preferredPdfReading(page.text, result) === 'layer') page.otherReading = result.text
			else Object.assign(page, ocrPageText(result), { otherReading: page.text })
			if (page.pageNumber === 1 && page.source === 'ocr') letterhead = { source: 'ocr', image: image.raw, dpi: image.dpi }
		})
		const ocrMs = scanned.length > 0 || isLayerJudged ? performance.now() - ocrStarted : 0
		const opened = doc
		letterhead ??= { source: 'text', render: () => renderLetterheadBand(opened) }
		return { pages, pageCount: doc.numPages, letterhead, release: () => opened.destroy().catch(() => {}), extractMs, ocrMs }
	} catch (error) {
		await doc.destroy().catch(() => {})
		throw error
	}
}

/** A page's text as OCR read it, with what the row readers need of the reading. */
function ocrPageText(result: PageOcrResult & { otherReading?: string }): Partial<PageText> {
	return {
		text: result.text,
		source: 'ocr',
		columnGaps: result.columnGaps,
		languages: result.languages,
		otherReading: result.otherReading,
		boxes: result.words ? boxesFromOcrWords(result.words) : undefined,
	}
}

/**
 * Of a scanned page's own text layer (another program's OCR, 'g/1' for 'g/l', 'rnmol' for 'mmol') and a fresh
 * OCR of its picture, the reading kept: the one whose rows the row reader reads with more units and ranges,
 * then more rows; on a tie the layer (it may hold what no picture shows as well, and it cost nothing).
 */
function preferredPdfReading(layer: string, ocr: PageOcrResult): 'layer' | 'ocr' {
	const ofLayer = countResultRows({ text: layer, columnGaps: true })
	const ofOcr = countResultRows({ text: ocr.text, columnGaps: ocr.columnGaps })
	if (ofOcr.complete !== ofLayer.complete) return ofOcr.complete > ofLayer.complete ? 'ocr' : 'layer'
	return ofOcr.rows > ofLayer.rows ? 'ocr' : 'layer'
}

/**
 * A photo or scan checked before OCR: its declared size within the pixel budget, then its pixels
 * decode. JPEG, PNG and WebP go to OCR as they are (sharp decodes them); a HEIC is decoded here
 * (heic-image.ts), and OCR gets its pixels.
 */
async function checkedImage(bytes: Buffer, kind: 'jpeg' | 'png' | 'webp' | 'heic'): Promise<Buffer | RawImage> {
	if (kind === 'heic') {
		try {
			return await decodeHeicOnce(bytes)
		} catch (error) {
			if (error instanceof HeicReadError) throw new Rejection('corrupt_image', REJECTION_MESSAGES.corrupt_image)
			throw error
		}
	}
	let metadata: Metadata
	try {
		metadata = await sharp(bytes, { failOn: 'error', limitInputPixels: false }).metadata()
	} catch {
		throw new Rejection('corrupt_image', REJECTION_MESSAGES.corrupt_image)
	}
	if (!metadata.width || !metadata.height) throw new Rejection('corrupt_image', REJECTION_MESSAGES.corrupt_image)
	// before any pixel is decoded: a small file may declare a huge picture
	assertPixelBudget(metadata.width, metadata.height)
	try {
		await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_DECODED_PIXELS }).resize({ width: 8 }).raw().toBuffer()
	} catch {
		throw new Rejection('corrupt_image', REJECTION_MESSAGES.corrupt_image)
	}
	return bytes
}

async function readImage(bytes: Buffer, kind: 'jpeg' | 'png' | 'webp' | 'heic', engine: () => OcrEngine, paddle: () => OcrEngine | null): Promise<Content> {
	const started = performance.now()
	const image = await checkedImage(bytes, kind)
	const extractMs = performance.now() - started
	const ocrStarted = performance.now()
	const result = await readReportPage(engine(), image, { paddle: paddle(), countRows: countResultRows })
	const page: PageText = { pageNumber: 1, text: '', source: 'ocr', ...ocrPageText(result) }
	return { pages: [page], pageCount: 1, letterhead: { source: 'ocr', image }, extractMs, ocrMs: performance.now() - ocrStarted }
}

/** The DICOM tags as text lines; the patient's identity is left out. */
function dicomText(info: DicomInfo): string {
	const lines = [
		['Modality', info.modality],
		['Study', info.studyDescription],
		['Series', info.seriesDescription],
		['Body part', info.bodyPart],
		['Institution', info.institution],
		['Study date', info.studyDate],
		['Image size', info.rows && info.columns ? `${info.columns} x ${info.rows}` : null],
	]
	return lines
		.filter(([, value]) => value)
		.map(([label, value]) => `${label}: ${value}`)
		.join('\n')
}

function readDicom(bytes: Buffer): Content {
	const started = performance.now()
	try {
		const info = readDicomInfo(bytes)
		return { pages: [{ pageNumber: 1, text: dicomText(info), source: 'text' }], pageCount: null, dicom: info, extractMs: performance.now() - started, ocrMs: 0 }
	} catch (error) {
		if (error instanceof DicomReadError) throw new Rejection('corrupt_dicom', REJECTION_MESSAGES.corrupt_dicom)
		throw error
	}
}

/**
 * A page's rows: its tables read from the word boxes (table-reader.ts) first, then the lines of
 * its laid-out text for what no table held (a page without a header row, rows outside tables).
 * Each table row is paired with the line reading of the same printed row: the line of its code
 * with the same value, or the one line of its code when the table has one row of it. Read with
 * the same value, the reading with more of unit and range is kept; read with two values from an
 * OCR page, the line's reading when it has both. A line no table row was paired with is kept
 * when it is another printed row (same-analyte.ts): a code may be printed more than once.
 */
function labResults(pages: PageText[], testDate: string | null, decimalComma: boolean, patientSex: Sex | null = null): LabResults {
	const read = pages.map((page) => {
		const options = { source: page.source, columnGaps: page.columnGaps, testDate, grade: true, decimalComma, ...(patientSex ? { patientSex } : {}) }
		const lines = extractLabResults(page.text, options)
		// where both read a row with the same value, the more complete reading (a range printed on the line below)
		const completeness = (parameter: ExtractedParameter) => Number(parameter.unit !== null) + Number(parameter.referenceRangeText !== null)
		const tableRows = page.boxes ? extractTableResults(page.boxes, options) : []
		const paired = new Set<ExtractedParameter>()
		const tables = tableRows.map((table) => {
			const ofCode = lines.parameters.filter((parameter) => parameter.code === table.code && !paired.has(parameter))
			const isOnlyRow = ofCode.length === 1 && tableRows.filter((other) => other.code === table.code).length === 1
			const line = ofCode.find((parameter) => parameter.value === table.value) ?? (isOnlyRow ? ofCode[0] : undefined)
			if (!line) return table
			paired.add(line)
			if (line.value === table.value) {
				const kept = completeness(line) > completeness(table) ? line : table
				// the line reading may carry a name wrapped in its cell, which a table row ends at its own line
				return line.name.length > kept.name.length && line.name.startsWith(kept.name) ? { ...kept, name: line.name } : kept
			}
			// read with two values: on a photographed or skewed page the table's rows may join a name to the
			// next row's cells, where the laid-out line keeps them together; a complete line wins there
			return page.source === 'ocr' && completeness(line) === 2 ? line : table
		})
		const parameters = [...tables, ...lines.parameters.filter((line) => !paired.has(line))]
		return {
			parameters: page.source === 'ocr' && page.otherReading ? withOtherReading(parameters, page.otherReading, options) : parameters,
			unmapped: lines.unmapped,
		}
	})
	return { parameters: inContext(distinctPrintedRows(read.flatMap((page) => page.parameters))), unmapped: read.flatMap((page) => page.unmapped) }
}

/** A name that stands for one of two analytes by what else the document holds ('pH' beside pCO2 is the blood's): analyteInContext. */
function inContext(parameters: ExtractedParameter[]): ExtractedParameter[] {
	const codes = new Set(parameters.map((parameter) => parameter.code))
	return parameters.map((parameter) => {
		const analyte = findAnalyteByCode(parameter.code)
		const meant = analyte ? analyteInContext(analyte, codes) : analyte
		return meant && meant !== analyte && !codes.has(meant.code) ? { ...parameter, code: meant.code, loinc: meant.loinc } : parameter
	})
}

export async function extractDocument(input: ExtractDocumentInput): Promise<ExtractionResult> {
	const started = performance.now()
	const fileName = sanitizeFileName(input.fileName)
	const bytes = input.bytes
	if (bytes.length > MAX_DOCUMENT_BYTES) return rejectedResult('too_large', tooLargeMessage(fileName), fileName, started)
	const detected = detectFileType(bytes, fileName)
	if (detected.kind === 'rejected') return rejectedResult(detected.reason, detected.message, fileName, started)
	if (detected.kind === 'ccda' || detected.kind === 'fhir') return readStructuredDocument(bytes, detected.kind, fileName, started)
	const engine = () => input.ocr ?? createDefaultOcrEngine()
	const paddle = () => (input.paddle !== undefined ? input.paddle : input.ocr ? null : createDefaultPaddleEngine())
	let content: Content
	try {
		if (detected.kind === 'pdf') content = await readPdf(bytes, engine, paddle)
		else if (detected.kind === 'dicom') content = readDicom(bytes)
		else content = await readImage(bytes, detected.kind, engine, paddle)
	} catch (error) {
		if (error instanceof Rejection) return rejectedResult(error.reason, error.message, fileName, started)
		if (error instanceof ProcessingLimitError) return rejectedResult(error.reason, error.message, fileName, started)
		throw error
	}
	try {
		return await resultOf(content, fileName, started, paddle)
	} finally {
		await content.release?.()
	}
}

/** What a document's content says: kind, date, provider, values, title and summary. */
async function resultOf(content: Content, fileName: string, started: number, paddle: () => OcrEngine | null): Promise<ExtractionResult> {
	const text = content.pages.map((page) => page.text.replace(/\s+$/, '')).join('\n\n')
	const isScanned = content.pages.some((page) => page.source === 'ocr')

	let kind: DocumentKind
	let date: string | null
	let dateChoices: string[] = []
	let provider: string | null
	let parameters: ExtractedParameter[] = []
	let unmapped: ExtractionResult['unmapped'] = []
	const decimalComma = writesDecimalCommas(text)
	if (content.dicom) {
		kind = 'imaging'
		date = content.dicom.studyDate
		provider = content.dicom.institution ? titleCaseName(content.dicom.institution) : null
	} else {
		const rows = labResults(content.pages, null, decimalComma).parameters.filter((parameter) => findAnalyteByCode(parameter.code)?.category !== 'vitals')
		kind = classifyDocument({ text, labValueCount: rows.length }).kind
		// the date and the provider may be read by one model and not the other
		const otherReadings = content.pages.flatMap((page) => (page.otherReading ? [page.otherReading] : []))
		const factsText = [text, ...otherReadings].join('\n\n')
		;({ iso: date, choices: dateChoices } = findDocumentDateWithEvidence(factsText, kind))
		// the first page's letterhead by the size of its words: a text PDF's names one; a scan's (OCR's words) only completes a name read
		const firstPage = content.pages[0]
		const pageLetterhead = firstPage?.boxes ? letterheadOfBoxes(firstPage.boxes) : ''
		const letterhead = firstPage?.source === 'text' ? pageLetterhead : ''
		// each other reading on its own: a provider is looked for in a reading's first lines, where the kept text would push it down
		provider = providerOfReadings(
			[text, ...otherReadings],
			kind,
			letterhead,
			pageLetterhead,
			content.pages.map((page) => page.text),
		)
		// no reading named one: the first page's letterhead read again (a logo, display type)
		if (!provider && content.letterhead) provider = await providerOfLetterhead(content.letterhead, kind, factsText, paddle)
		// ranges printed per sex are chosen by the sex the patient block prints
		if (kind === 'lab_report') ({ parameters, unmapped } = labResults(content.pages, date, decimalComma, readPatientSex(factsText)))
		else if (kind === 'clinical_notes') parameters = extractVitalSigns(text, { source: isScanned ? 'ocr' : 'text', testDate: date })
	}
	// every value read passes the plausibility rules: one that disagrees is kept "to check"
	parameters = markValuesToCheck(parameters)
	// a code printed more than once (another unit, population or fluid): one row stands for it in trends
	parameters = markAlternateRows(parameters)
	const medications = kind === 'clinical_notes' || kind === 'other' ? extractMedications(text) : []
	const described = {
		kind,
		text,
		provider,
		date,
		// the title, summary and tags name only values that stand as read
		parameters: parameters.filter((parameter) => !parameter.toCheck),
		medications,
		dicom: content.dicom,
		fallbackTitle: titleFromFileName(fileName),
		isScanned,
	}
	const result: ExtractionResult = {
		accepted: true,
		kind,
		date,
		dateChoices,
		provider,
		title: buildTitle(described),
		summary: buildSummary(described),
		tags: buildTags(described),
		text,
		pages: content.pageCount,
		parameters,
		unmapped,
		medications,
		ocrLanguages: [...new Set(content.pages.flatMap((page) => page.languages ?? []))],
		timings: { extractMs: content.extractMs, ocrMs: content.ocrMs, totalMs: performance.now() - started },
	}
	if (content.dicom) {
		const { modality, studyDate, studyDescription, bodyPart, institution, rows, columns } = content.dicom
		result.dicom = { modality, studyDate, studyDescription, bodyPart, institution, rows, columns }
		result.taggedPatient = content.dicom.patient
	}
	return result
}

/** A C-CDA document or a FHIR file: read as coded data, no OCR (structured/read-structured.ts). */
function readStructuredDocument(bytes: Buffer, format: 'ccda' | 'fhir', fileName: string, started: number): ExtractionResult {
	try {
		const { timingsMs, ...result } = structuredToResult(readStructuredRecord(bytes, format), started)
		return {
			...result,
			parameters: markValuesToCheck(result.parameters, 'imported'),
			timings: { extractMs: timingsMs, ocrMs: 0, totalMs: performance.now() - started },
		}
	} catch (error) {
		if (error instanceof StructuredReadError) return rejectedResult(error.reason, error.message, fileName, started)
		throw error
	}
}
