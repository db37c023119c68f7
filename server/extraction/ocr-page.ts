import { preprocessForOcr, toPgm, type PreprocessOptions, type RawImage } from './image-preprocess.ts'
import { findSplitRow } from './page-split.ts'
import { detectReportLanguage } from './language.ts'
import { extractLabResults, writesDecimalCommas } from './lab-values.ts'
import type { OcrEngine } from './types.ts'

/**
 * The OCR step of the pipeline for one page: sharp preprocessing, then the
 * engine. Measured on the fixture scans (best_int model, psm 6): contrast
 * stretch at 300 dpi without a median filter matched the most lab values
 * (82/83 against 76/83 with the median, 73/83 with neither step); the
 * median only paid off with Debian's default model.
 *
 * When the engine can run two recognitions at once (the CLI on a machine
 * with two or more CPUs), the page is cut in two through a blank band and
 * both halves are read together: about half the time for a single page.
 */

export const PAGE_PREPROCESSING: PreprocessOptions = { targetDpi: 300, normalise: true, median: false }

export type PageOcrResult = {
	text: string
	ms: number
	engineMs: number
	parts: number
	/** the languages the page was read with */
	languages: string[]
	/** the text was laid out from word boxes: gaps of two spaces or more are column breaks */
	columnGaps: boolean
}

export type RecognizePageOptions = {
	/** a known resolution of the image */
	dpi?: number
	/** split the page across the engine's parallel slots; default true */
	split?: boolean
	/** read again with the report's language when the English reading shows one (default true) */
	detectLanguage?: boolean
	/** the engine's model (default or alternate) */
	model?: 'default' | 'alternate'
}

/**
 * OCR of one page: English first; when the text shows the labels of another
 * report language whose data is installed, the page is read again with
 * English and that language together.
 */
export async function recognizePage(engine: OcrEngine, image: Buffer | RawImage, options: RecognizePageOptions = {}): Promise<PageOcrResult> {
	const started = performance.now()
	const prepared = await preprocessForOcr(image, { ...PAGE_PREPROCESSING, dpi: options.dpi })
	const canSplit = (options.split ?? true) && (engine.parallelism ?? 1) > 1
	const cut = canSplit ? findSplitRow(prepared.pixels, prepared.width, prepared.height) : null
	const read = async (languages?: string[]) => {
		const recognizeOptions = languages || options.model ? { ...(languages ? { languages } : {}), ...(options.model ? { model: options.model } : {}) } : undefined
		if (cut === null) {
			const result = await engine.recognize(prepared.image, recognizeOptions)
			return { text: result.text, engineMs: result.ms, parts: 1, languages: result.languages ?? ['eng'], columnGaps: result.words !== undefined }
		}
		const { pixels, width, height } = prepared
		const top = toPgm(pixels.subarray(0, cut * width), width, cut)
		const bottom = toPgm(pixels.subarray(cut * width), width, height - cut)
		const [upper, lower] = await Promise.all([engine.recognize(top, recognizeOptions), engine.recognize(bottom, recognizeOptions)])
		return { text: `${upper.text.replace(/\s+$/, '')}\n${lower.text}`, engineMs: Math.max(upper.ms, lower.ms), parts: 2, languages: upper.languages ?? ['eng'], columnGaps: upper.words !== undefined && lower.words !== undefined }
	}
	let result = await read()
	const language = (options.detectLanguage ?? true) ? detectReportLanguage(result.text) : null
	if (language && engine.availableLanguages?.().includes(language)) {
		const again = await read(['eng', language])
		result = { ...again, engineMs: result.engineMs + again.engineMs }
	}
	return { ...result, ms: performance.now() - started }
}

/** How well a page was read: its result rows, and those with a unit and a range (a misread row loses one or both). */
function readingScore({ text, columnGaps }: PageOcrResult): { rows: number; complete: number } {
	const { parameters } = extractLabResults(text, { source: 'ocr', columnGaps, testDate: null, grade: false, decimalComma: writesDecimalCommas(text) })
	return { rows: parameters.length, complete: parameters.filter((parameter) => parameter.unit !== null && parameter.referenceRangeText !== null).length }
}

/**
 * OCR of a page with the engine's default model; a page read poorly (fewer
 * than three rows, or a tenth of its rows without unit or range) is read
 * again with the engine's alternate model, and the reading with more
 * complete rows kept.
 */
export async function readReportPage(ocr: OcrEngine, image: Buffer | RawImage, dpi?: number, split?: boolean): Promise<PageOcrResult & { otherReading?: string }> {
	const first = await recognizePage(ocr, image, { dpi, split })
	if (!ocr.hasAlternateModel?.()) return first
	const score = readingScore(first)
	if (score.rows >= 3 && score.complete >= score.rows * 0.9) return first
	const second = await recognizePage(ocr, image, { dpi, split, model: 'alternate' })
	const other = readingScore(second)
	const isSecondBetter = other.complete > score.complete || (other.complete === score.complete && other.rows > score.rows)
	const ms = first.ms + second.ms
	return isSecondBetter ? { ...second, ms, otherReading: first.text } : { ...first, ms, otherReading: second.text }
}
