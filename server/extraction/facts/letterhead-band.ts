import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.js'
import sharp from 'sharp'
import { pgmImage, preprocessForOcr, type RawImage } from '../ocr/image-preprocess.ts'
import { detectReportLanguage } from '../ocr/language.ts'
import { PAGE_PREPROCESSING } from '../ocr/ocr-page.ts'
import { renderPdfPage, shownPageSize } from '../pages/pdf-page-image.ts'
import { readPositionedText } from '../pages/pdf-text.ts'
import { findProvider, letterheadOfBoxes, titleCaseName } from './provider.ts'
import { boxesFromOcrWords, type Box } from '../pages/word-boxes.ts'
import type { DocumentKind, OcrEngine } from '../types.ts'
import { withAccents } from './organisation-words.ts'
import { describeError, logger } from '#server/logger.ts'

/**
 * The first page's letterhead read again, when no reading of the document named its provider.
 * A letterhead is often not in the text read so far: a text PDF draws its logo as a picture
 * ('LABORATÓRIO / BIOVIDA / ANÁLISES CLÍNICAS' stacked in one image), and a scan's display type
 * (stacked capitals, a stylised face) is misread by OCR at the body text's scale ('SHRCE' for
 * 'SHREE'). The top LETTERHEAD_BAND of the first page is read on its own, and its lines are read
 * as a letterhead, the largest first (letterheadOfBoxes over the whole band, whatever their size,
 * with a logo's lockup of lines of several sizes). PaddleOCR reads the band: tesseract read a real
 * scan's stylised capitals as 'SHREE {', 'piagnostic', and a text PDF's logo as 'B | OVI DA' or
 * 'BIOVIDA' as the picture moved by a pixel; Paddle read both right. Its alphabet has no accents:
 * a word the document writes elsewhere with marks takes that spelling, and the name's
 * organisation words theirs in the document's language (withAccents).
 * - a text PDF: the band rendered at BAND_DPI, its pictures' words only (pictureWords);
 * - a scanned or photographed page: the band of the page prepared in grey as for OCR, scaled up to
 *   about BAND_WIDTH pixels (at most MAX_BAND_SCALE).
 * README.md gives the figures.
 */

/** The share of the page's height the letterhead is looked for in. */
export const LETTERHEAD_BAND = 0.2
/** The width a scan's band is scaled up to (PaddleOCR's detection sees at most 1280 pixels): a 600-pixel-wide page's letters become about twice as large. */
export const BAND_WIDTH = 1280
const MAX_BAND_SCALE = 3
/** A text PDF's band is rendered at this resolution, at most MAX_RENDERED_WIDTH pixels wide (a poster-size page at a lower one). */
const BAND_DPI = 200
export const MAX_RENDERED_WIDTH = 1700

/** A text PDF's band rendered, with where its text layer's items are drawn on it (pixels). */
export type RenderedBand = { image: RawImage; textBoxes: Box[] }

export type Letterhead =
	/** a page read by OCR: its picture */
	| { source: 'ocr'; image: Buffer | RawImage; dpi?: number }
	/** a page with a text layer: its band rendered when needed */
	| { source: 'text'; render: () => Promise<RenderedBand> }

/** The top band of a grey page, scaled up for reading (a PGM). */
export async function letterheadBandImage(page: { pixels: Uint8Array; width: number; height: number }): Promise<Buffer> {
	const bandHeight = Math.max(1, Math.round(page.height * LETTERHEAD_BAND))
	const scale = Math.min(MAX_BAND_SCALE, Math.max(1, BAND_WIDTH / page.width))
	const band = page.pixels.subarray(0, bandHeight * page.width)
	if (scale === 1) return pgmImage(page.width, bandHeight, band).image
	const width = Math.round(page.width * scale)
	const height = Math.round(bandHeight * scale)
	const data = await sharp(band, { raw: { width: page.width, height: bandHeight, channels: 1 } })
		.resize({ width, height, fit: 'fill', kernel: 'cubic' })
		.toColourspace('b-w')
		.raw()
		.toBuffer()
	return pgmImage(width, height, new Uint8Array(data.buffer, data.byteOffset, data.byteLength)).image
}

/** The first page's top band rendered (a text PDF's), and its text items' boxes in the band's pixels. */
export async function renderLetterheadBand(doc: PDFDocumentProxy): Promise<RenderedBand> {
	const page = await doc.getPage(1)
	try {
		const dpi = Math.min(BAND_DPI, (MAX_RENDERED_WIDTH * 72) / Math.max(1, shownPageSize(page).width))
		const { raw } = await renderPdfPage(page, dpi, LETTERHEAD_BAND)
		const viewport = page.getViewport({ scale: dpi / 72 })
		const textBoxes = (await readPositionedText(page))
			.filter((item) => item.str.trim() !== '')
			.map((item) => {
				// the item's box from a little under its baseline to its letters' top
				const [x1, y1] = viewport.convertToViewportPoint(item.x, item.y - item.size * 0.25)
				const [x2, y2] = viewport.convertToViewportPoint(item.x + item.width, item.y + item.size * 0.9)
				return { text: item.str, left: Math.min(x1, x2), right: Math.max(x1, x2), top: Math.min(y1, y2), bottom: Math.max(y1, y2) }
			})
		return { image: raw, textBoxes }
	} finally {
		page.cleanup()
	}
}

/** The words OCR read off a picture: those whose middle lies in no text item's box. */
export function pictureWords(read: Box[], textBoxes: Box[]): Box[] {
	return read.filter((word) => {
		const x = (word.left + word.right) / 2
		const y = (word.top + word.bottom) / 2
		return !textBoxes.some((item) => x >= item.left && x <= item.right && y >= item.top && y <= item.bottom)
	})
}

async function greyPgm(image: RawImage): Promise<Buffer> {
	const { data, info } = await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
		raw: { width: image.width, height: image.height, channels: image.channels },
	})
		.flatten({ background: '#ffffff' })
		.toColourspace('b-w')
		.raw()
		.toBuffer({ resolveWithObject: true })
	return pgmImage(info.width, info.height, new Uint8Array(data.buffer, data.byteOffset, data.byteLength)).image
}

/**
 * The letterhead lines of a scanned page's band, read by PaddleOCR, the largest first; '' when none.
 * Lines of any size: a photographed letterhead is often set hardly larger than the body, and the
 * band's lines are the page's first lines, where a name is looked for in every reading anyway.
 */
async function readScannedLetterhead(paddle: OcrEngine, image: Buffer | RawImage, dpi?: number): Promise<string> {
	const page = await preprocessForOcr(image, { ...PAGE_PREPROCESSING, dpi })
	const { words } = await paddle.recognize(await letterheadBandImage(page))
	return words ? letterheadOfBoxes(boxesFromOcrWords(words), { wholePage: true, anySize: true }) : ''
}

/**
 * The letterhead lines of a text PDF's band: the words read off its pictures (a logo), whatever
 * their size: the text layer's own words are read already, and a logo's name is often set no
 * larger than the body text once the picture is scaled onto the page.
 */
async function readRenderedLetterhead(paddle: OcrEngine, band: RenderedBand): Promise<string> {
	const { words } = await paddle.recognize(await greyPgm(band.image))
	return words ? letterheadOfBoxes(pictureWords(boxesFromOcrWords(words), band.textBoxes), { wholePage: true, anySize: true }) : ''
}

/**
 * The provider a first page's letterhead names, or null. `text` is the document's text, every
 * reading of it (its spellings and language give OCR's unaccented words their accents); an engine
 * that fails leaves the provider unknown (no page content is logged).
 */
export async function providerOfLetterhead(letterhead: Letterhead, kind: DocumentKind, text: string, paddle: () => OcrEngine | null): Promise<string | null> {
	const engine = paddle()
	if (!engine) return null
	try {
		const lines =
			letterhead.source === 'ocr'
				? await readScannedLetterhead(engine, letterhead.image, letterhead.dpi)
				: await readRenderedLetterhead(engine, await letterhead.render())
		const provider = findProvider('', kind, lines)
		return provider && titleCaseName(withAccents(provider, detectReportLanguage(text), text))
	} catch (error) {
		logger.warn('ocr_engine_failed', { kind: engine.name, ...describeError(error) })
		return null
	}
}
