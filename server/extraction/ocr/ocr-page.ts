import sharp from 'sharp'
import { pgmImage, preprocessForOcr, toPgm, type PreprocessedImage, type PreprocessOptions, type RawImage } from './image-preprocess.ts'
import { findSplitRow } from './page-split.ts'
import { hasGreyPaper, thresholdPage } from './page-threshold.ts'
import { OCR_DPI } from './ocr-engine.ts'
import { detectReportLanguage } from './language.ts'
import type { OcrEngine, OcrWord } from '../types.ts'
import { describeError, logger } from '#server/logger.ts'

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
	/** the prepared page image (kept for a second reading) */
	prepared?: PreprocessedImage
	ms: number
	engineMs: number
	parts: number
	/** the languages the page was read with */
	languages: string[]
	/** the text was laid out from word boxes: gaps of two spaces or more are column breaks */
	columnGaps: boolean
	/** the word boxes, in the prepared page's pixels (the table reader's input), when the engine gives them */
	words?: OcrWord[]
}

/**
 * The result rows a reading holds, as the row reader reads them (rows/row-count.ts): all of
 * them, and those with a unit and a range. Passed in, so OCR does not depend on the row reader.
 */
export type ResultRowCounter = (reading: { text: string; columnGaps: boolean }) => { rows: number; complete: number }

export type ReadReportPageOptions = {
	/** how the readings are compared: the row reader's count of result rows */
	countRows: ResultRowCounter
	/** a known resolution of the image */
	dpi?: number
	/** split the page across the engine's parallel slots; default true */
	split?: boolean
	/** PaddleOCR, for a page tesseract reads poorly */
	paddle?: OcrEngine | null
}

export type RecognizePageOptions = {
	/** a known resolution of the image */
	dpi?: number
	/** split the page across the engine's parallel slots; default true */
	split?: boolean
	/** read again with the report's language when the English reading shows one (default true) */
	detectLanguage?: boolean
	/** read with these languages straight away (a second reading of a page whose language is known) */
	languages?: string[]
	/** the page already prepared (a second reading of the same page) */
	prepared?: PreprocessedImage
}

/**
 * OCR of one page: English first; when the text shows the labels of another
 * report language whose data is installed, the page is read again with
 * English and that language together.
 */
export async function recognizePage(engine: OcrEngine, image: Buffer | RawImage, options: RecognizePageOptions = {}): Promise<PageOcrResult> {
	const started = performance.now()
	const prepared = options.prepared ?? (await preprocessForOcr(image, { ...PAGE_PREPROCESSING, dpi: options.dpi }))
	const canSplit = (options.split ?? true) && (engine.parallelism ?? 1) > 1
	const cut = canSplit ? findSplitRow(prepared.pixels, prepared.width, prepared.height) : null
	const read = async (languages?: string[]) => {
		const recognizeOptions = languages ? { languages } : undefined
		if (cut === null) {
			const result = await engine.recognize(prepared.image, recognizeOptions)
			return {
				text: result.text,
				engineMs: result.ms,
				parts: 1,
				languages: result.languages ?? ['eng'],
				columnGaps: result.words !== undefined,
				words: result.words,
			}
		}
		const { pixels, width, height } = prepared
		const top = toPgm(pixels.subarray(0, cut * width), width, cut)
		const bottom = toPgm(pixels.subarray(cut * width), width, height - cut)
		const [upper, lower] = await Promise.all([engine.recognize(top, recognizeOptions), engine.recognize(bottom, recognizeOptions)])
		// the lower half's boxes moved down by the cut, its blocks numbered after the upper half's
		const upperBlocks = Math.max(0, ...(upper.words ?? []).map((word) => word.block)) + 1
		const words =
			upper.words && lower.words
				? [...upper.words, ...lower.words.map((word) => ({ ...word, top: word.top + cut, block: word.block + upperBlocks }))]
				: undefined
		return {
			text: `${upper.text.replace(/\s+$/, '')}\n${lower.text}`,
			engineMs: Math.max(upper.ms, lower.ms),
			parts: 2,
			languages: upper.languages ?? ['eng'],
			columnGaps: upper.words !== undefined && lower.words !== undefined,
			words,
		}
	}
	const known = options.languages && options.languages.length > 1 ? options.languages : undefined
	let result = await read(known)
	const language = !known && (options.detectLanguage ?? true) ? detectReportLanguage(result.text) : null
	if (language && engine.availableLanguages?.().includes(language)) {
		const again = await read(['eng', language])
		result = { ...again, engineMs: result.engineMs + again.engineMs }
	}
	return { ...result, prepared, ms: performance.now() - started }
}

/**
 * A line that looks like a result row: a name, then somewhere a reference range such as '5-15'
 * or '6.4 - 8.3' (not a part of a code such as 'AG-94-359885').
 */
const RESULT_ROW_LIKE = /^\s*[A-Za-z\u00C0-\u024F][^\d\n]{1,40}.*(?<![\w.-])\d+(?:[.,]\d+)?\s?[-\u2013]\s?\d+(?:[.,]\d+)?(?![\w-])/
/**
 * A line that looks like a result row in any script: a word (two letters or more of any
 * alphabet, or one CJK character) and, after it, a number followed by another number (a range,
 * or a value and its range: '白细胞  6.5  3.5~9.5', 'Лейкоциты 6,5 4,0-9,0').
 */
const RESULT_LIKE =
	/(?:\p{L}{2}|[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}])[^\n]*?(?<![\d.,])\d+(?:[.,]\d+)?(?![\d.,])[^\n\d]{1,40}(?<![\d.,])\d+(?:[.,]\d+)?/u

/** How many lines of a reading look like result rows in any script, dates and times aside. */
export function resultLikeLines(text: string): number {
	return text.split('\n').filter((line) => RESULT_LIKE.test(line) && !DATE_LIKE.test(line) && !/\d{1,2}[:.]\d{2}[:.]\d{2}/.test(line)).length
}

/** A date such as 2024-01-02 or 01-02-2024, not a range. */
const DATE_LIKE = /\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}-\d{1,2}-\d{2,4}\b/

/**
 * How well a page was read: its result rows, those with a unit and a range (a
 * misread row loses one or both), and the lines that look like result rows (a
 * row whose value was misread, 'S)' for 9, is not a result but still looks like a row).
 */
function scoreOf({ text, columnGaps, words }: PageOcrResult, countRows: ResultRowCounter): ReadingScore {
	const { rows, complete } = countRows({ text, columnGaps })
	const rowLike = text.split('\n').filter((line) => RESULT_ROW_LIKE.test(line) && !DATE_LIKE.test(line)).length
	return { rows, complete, rowLike, resultLike: resultLikeLines(text), hasDoubtfulDigits: hasDoubtfulDigits(words) }
}

/** A number the engine read with less confidence than this (0-100) is doubtful. */
const DOUBTFUL_NUMBER_CONFIDENCE = 50

/**
 * Are the page's numbers read with doubt: of its words that start with a digit (ten or more), a
 * fifth or more read with low confidence? A faint or blurred scan's digits are misread one for
 * another ('3.19' as '5.19', '0.2' as '02') in rows that still read complete, so the rows alone
 * do not show it; on clean pages nearly every number is read with high confidence.
 */
export function hasDoubtfulDigits(words: readonly OcrWord[] | undefined): boolean {
	const numbers = (words ?? []).filter((word) => /^[[(]?\d/.test(word.text))
	if (numbers.length < 10) return false
	return numbers.filter((word) => word.confidence < DOUBTFUL_NUMBER_CONFIDENCE).length * 5 >= numbers.length
}

/**
 * A reading good enough to keep without a second one: three rows or more, nine in ten of the
 * row-like lines read as rows (a value misread as letters leaves a row-like line that is no
 * row), its numbers not read with doubt (hasDoubtfulDigits), and, on a page whose rows print a
 * unit and a range, no more than one in ten (or one) read without them: a value, unit or range
 * misread into another cell leaves a row that looks read but lacks its unit or range ('P35' for a
 * flagged '3,5'). A page that prints no ranges at all is not read again for them. A fifth instead
 * of a tenth spared a Polish scan Paddle's 2.5 s, but lost a generated scan's range that Paddle
 * read: no threshold between them, and a range read counts more than seconds under the target.
 */
function isGoodReading(score: ReadingScore): boolean {
	const incomplete = score.rows - score.complete
	const isTableComplete = score.complete === 0 || incomplete <= Math.max(1, score.rows * 0.1)
	return score.rows >= 3 && score.rows >= score.rowLike * 0.9 && isTableComplete && !score.hasDoubtfulDigits
}

/** Words of four letters or more read with this confidence (0-100) or more are words read upright. */
const UPRIGHT_WORD_CONFIDENCE = 85
/** A reading with this many such words is of a page read upright. */
const UPRIGHT_WORDS = 15

/**
 * Was the page read upright: fifteen words or more of four letters or more, each read with a
 * confidence of 85 or more? tesseract reads a page turned sideways or upside down as fragments of
 * low confidence. On the real and shared scans, each turned four ways, the upright pages in Latin
 * script gave 19-140 such words and the turned ones 0-6. A page read upright but into few result
 * rows (a layout of panels side by side) is then not given to OSD, which takes about 1 s on a
 * 300 dpi page; a page of few words still is.
 */
export function readsUpright(words: readonly OcrWord[] | undefined): boolean {
	const sure = (words ?? []).filter((word) => word.confidence >= UPRIGHT_WORD_CONFIDENCE && /\p{L}{4}/u.test(word.text))
	return sure.length >= UPRIGHT_WORDS
}

/** A prepared page turned clockwise by a multiple of 90 degrees. */
async function turnPage(page: PreprocessedImage, degrees: number): Promise<PreprocessedImage> {
	const { data, info } = await sharp(page.pixels, { raw: { width: page.width, height: page.height, channels: 1 } })
		.rotate(degrees)
		.toColourspace('b-w')
		.raw()
		.toBuffer({ resolveWithObject: true })
	return { ...page, ...pgmImage(info.width, info.height, data), width: info.width, height: info.height }
}

/**
 * A page scaled up more than this (scanned under 200 dpi) is read in grey first whatever its
 * paper: its strokes are a pixel or two wide, and in black and white they lose the shape the
 * grey edges give them.
 */
const MAX_SCALE_FOR_BLACK_AND_WHITE = 1.5

/**
 * The page made black ink on white paper in place (page-threshold.ts), ready for the engine: a
 * page is held once, whichever way it is read (two pages are read at once, each at 300 dpi).
 */
async function thresholded(page: PreprocessedImage): Promise<PreprocessedImage> {
	await thresholdPage(page, { dpi: OCR_DPI, into: page.pixels })
	return page
}

/**
 * OCR of a report page. The page is prepared in grey (preprocessForOcr); a scan on paper that
 * is not white (grey or tinted paper, rows shaded grey) is read in black and white first
 * (adaptive thresholding, page-threshold.ts), every other page in grey: white paper, phone
 * photos and scans under 200 dpi, whose blurred or thin strokes lose their shape in black and
 * white. A page that reads as next to nothing is turned first when tesseract's OSD finds it
 * sideways. A page read poorly (see isGoodReading) is read again prepared the other way (a page
 * read in black and white prepared in grey anew), and the reading with more complete rows
 * kept; the other is returned too (the document's date and provider are looked for in both).
 */
async function readWithTesseract(ocr: OcrEngine, image: Buffer | RawImage, { dpi, split, countRows }: ReadReportPageOptions): Promise<PageReading> {
	const readingScore = (reading: PageOcrResult) => scoreOf(reading, countRows)
	const started = performance.now()
	/** the readings of one page at once: its parts (see recognizePage) */
	const parts = (split ?? true) ? (ocr.parallelism ?? 1) : 1
	// the engine starts up (tesseract loads its model) while the page is being prepared
	ocr.warmUp?.(undefined, parts)
	const prepare = () => preprocessForOcr(image, { ...PAGE_PREPROCESSING, dpi })
	let page = await prepare()
	/** the page prepared anew in grey, once, when the first reading was in black and white */
	let grey: Promise<PreprocessedImage> | null = null
	const greyPage = () => (grey ??= prepare())
	const isBlackAndWhiteFirst = !page.flattened && page.scale <= MAX_SCALE_FOR_BLACK_AND_WHITE && hasGreyPaper(page.pixels)
	if (isBlackAndWhiteFirst) await thresholded(page)
	let first = await recognizePage(ocr, image, { split, prepared: page })
	let score = readingScore(first)
	/** the page turned upright, when tesseract's OSD asked for it */
	let turn: number | null = null
	if (score.rows < 3 && ocr.detectOrientation && !readsUpright(first.words)) {
		// next to nothing read: a page scanned sideways or upside down? tesseract's OSD says how to turn it
		// OSD unsure of a page in black and white is asked again of the page in grey
		let asked = await ocr.detectOrientation(page.image)
		if (asked === null && isBlackAndWhiteFirst) asked = await ocr.detectOrientation((await greyPage()).image)
		if (asked) {
			const upright = await turnPage(page, asked)
			const again = await recognizePage(ocr, image, { split, prepared: upright })
			const againScore = readingScore(again)
			if (againScore.rows > score.rows) [first, page, score, turn] = [again, upright, againScore, asked]
		}
	}
	const done = (reading: PageOcrResult, otherReading?: string): PageReading => {
		const { prepared: _page, ...rest } = reading
		return { ...rest, ms: performance.now() - started, score: readingScore(reading), ...(otherReading === undefined ? {} : { otherReading }) }
	}
	if (isGoodReading(score)) return done(first)
	ocr.warmUp?.(first.languages, parts)
	/** the page upright in grey, kept for PaddleOCR (readReportPage) rather than prepared a third time */
	let inGreyUpright: PreprocessedImage
	if (isBlackAndWhiteFirst) {
		const inGrey = await greyPage()
		page = turn ? await turnPage(inGrey, turn) : inGrey
		inGreyUpright = page
	} else {
		inGreyUpright = { ...page, ...pgmImage(page.width, page.height, page.pixels) }
		await thresholded(page)
	}
	const second = await recognizePage(ocr, image, { split, prepared: page, languages: first.languages })
	const other = readingScore(second)
	const isSecondBetter = other.complete > score.complete || (other.complete === score.complete && other.rows > score.rows)
	return { ...(isSecondBetter ? done(second, first.text) : done(first, second.text)), greyPage: inGreyUpright }
}

/** A page's reading, with its score (readingScore), the reading not kept, and the page upright in grey when it was read twice. */
type PageReading = PageOcrResult & { otherReading?: string; score: ReadingScore; greyPage?: PreprocessedImage }

type ReadingScore = {
	rows: number
	complete: number
	rowLike: number
	/** lines that look like result rows in any script (resultLikeLines): where the row reader knows no name of the page */
	resultLike: number
	hasDoubtfulDigits: boolean
}

/**
 * Whether a page tesseract read (with its second reading) is read by PaddleOCR too: when the
 * reading is still poor (fewer than three rows, or row-like lines it did not read as rows: a
 * phone photo, a language or print it reads badly). README.md gives the figures.
 */
export function needsPaddleToo(tesseract: ReadingScore): boolean {
	return !isGoodReading(tesseract)
}

/**
 * Of two readings of one page, the one kept: Paddle's when tesseract read the numbers with doubt
 * and Paddle read the page well (complete rows of misread digits are worse than fewer rows);
 * otherwise more rows with a unit and a range, then more rows; where the row reader finds as
 * much in both (nothing, on a page in a script or with names it does not know), the one with at
 * least twice the lines that look like result rows in any script (resultLikeLines); on a tie
 * tesseract's (the reading measured on every set before; README.md).
 */
export function preferredReading(paddle: ReadingScore, tesseract: ReadingScore): 'paddle' | 'tesseract' {
	if (tesseract.hasDoubtfulDigits && isGoodReading(paddle)) return 'paddle'
	if (tesseract.complete !== paddle.complete) return tesseract.complete > paddle.complete ? 'tesseract' : 'paddle'
	if (paddle.rows !== tesseract.rows) return paddle.rows > tesseract.rows ? 'paddle' : 'tesseract'
	// the row reader found the same in both (often nothing: a script or names it does not know): the reading
	// with clearly more lines that look like result rows in any script, not one engine's noise
	const isClearlyMore = (one: ReadingScore, other: ReadingScore) => one.resultLike >= 3 && one.resultLike >= 2 * other.resultLike
	return isClearlyMore(paddle, tesseract) ? 'paddle' : 'tesseract'
}

/**
 * OCR of a report page. tesseract reads it first (orientation, black and white or grey, a
 * second reading: readWithTesseract). With PaddleOCR (`paddle`, paddle-engine.ts), a page that
 * tesseract still reads poorly (needsPaddleToo) is read by Paddle as well, from the page upright
 * in grey as tesseract's readings left it (not prepared a third time: 0.25 s on a 300 dpi page),
 * and the better reading kept (preferredReading), the other returned as
 * `otherReading`. Paddle first on every page lowered the generated scans (91.1 % -> 86.8 %) and
 * the public scans (93.2 % -> 86.4 %) while its gain on real photos was a few values (README.md);
 * when its models cannot load, tesseract's reading stands.
 */
export async function readReportPage(
	ocr: OcrEngine,
	image: Buffer | RawImage,
	options: ReadReportPageOptions,
): Promise<PageOcrResult & { otherReading?: string }> {
	const { dpi, paddle, countRows } = options
	const started = performance.now()
	const tesseract = await readWithTesseract(ocr, image, options)
	if (!paddle || !needsPaddleToo(tesseract.score)) return withoutScore(tesseract)
	let reading: PageOcrResult
	try {
		const page = tesseract.greyPage ?? (await preprocessForOcr(image, { ...PAGE_PREPROCESSING, dpi }))
		reading = await recognizePage(paddle, image, { prepared: page, split: false, detectLanguage: false })
	} catch (error) {
		// the models did not load or the run failed: tesseract's reading stands (no page content in the log)
		logger.warn('ocr_engine_failed', { kind: paddle.name, ...describeError(error) })
		return withoutScore(tesseract)
	}
	const { prepared: _page, ...paddleReading } = reading
	const ms = performance.now() - started
	const engineMs = paddleReading.engineMs + tesseract.engineMs
	if (preferredReading(scoreOf(reading, countRows), tesseract.score) === 'paddle') return { ...paddleReading, ms, engineMs, otherReading: tesseract.text }
	return { ...withoutScore(tesseract), ms, engineMs, otherReading: paddleReading.text }
}

function withoutScore({ score: _score, greyPage: _page, ...reading }: PageReading): PageOcrResult & { otherReading?: string } {
	return reading
}
