import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.js'
import sharp from 'sharp'
import { pgmImage, preprocessForOcr, type RawImage } from './image-preprocess.ts'
import { detectReportLanguage } from './language.ts'
import { PAGE_PREPROCESSING } from './ocr-page.ts'
import { renderPdfPage } from './pdf-page-image.ts'
import { findProvider, letterheadOfBoxes, titleCaseName } from './provider.ts'
import { boxesFromOcrWords } from './table-reader.ts'
import type { DocumentKind, OcrEngine } from './types.ts'
import { withAccents } from './organisation-words.ts'
import { describeError, logger } from '#server/logger.ts'

/**
 * The first page's letterhead read again, when no reading of the document named its provider.
 * A letterhead is often not in the text read so far: a text PDF draws its logo as a picture
 * ('LABORATÓRIO / BIOVIDA / ANÁLISES CLÍNICAS' stacked in one image), and a scan's display type
 * (stacked capitals, a stylised face) is misread by OCR at the body text's scale ('SHRCE' for
 * 'SHREE'). The top LETTERHEAD_BAND of the first page is read on its own, and its lines set larger
 * than the band's body text are the letterhead (letterheadOfBoxes over the whole band, with a
 * logo's lockup of lines of several sizes). PaddleOCR reads the band: tesseract read a real
 * scan's stylised capitals as 'SHREE {', 'piagnostic', and a text PDF's logo as 'B | OVI DA' or
 * 'BIOVIDA' as the picture moved by a pixel; Paddle read both right. Its alphabet has no accents:
 * the name's organisation words are given theirs in the document's language (withAccents).
 * - a text PDF: the band rendered at BAND_DPI;
 * - a scanned or photographed page: the band of the page prepared in grey as for OCR, scaled up to
 *   about BAND_WIDTH pixels (at most MAX_BAND_SCALE).
 * Decision 018 gives the figures.
 */

/** The share of the page's height the letterhead is looked for in. */
export const LETTERHEAD_BAND = 0.2
/** The width a scan's band is scaled up to: a 600-pixel-wide page's letters become about three times larger. */
export const BAND_WIDTH = 1700
export const MAX_BAND_SCALE = 3
/** A text PDF's band is rendered at this resolution. */
export const BAND_DPI = 200

export type Letterhead =
	/** a page read by OCR: its picture */
	| { source: 'ocr'; image: Buffer | RawImage; dpi?: number }
	/** a page with a text layer: its band rendered when needed */
	| { source: 'text'; render: () => Promise<RawImage> }

/** The top band of a grey page, scaled up for reading (a PGM). */
export async function letterheadBandImage(page: { pixels: Uint8Array; width: number; height: number }, maxScale = MAX_BAND_SCALE): Promise<Buffer> {
	const bandHeight = Math.max(1, Math.round(page.height * LETTERHEAD_BAND))
	const scale = Math.min(maxScale, Math.max(1, BAND_WIDTH / page.width))
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

/** The first page's top band rendered (a text PDF's). */
export async function renderLetterheadBand(doc: PDFDocumentProxy): Promise<RawImage> {
	const page = await doc.getPage(1)
	try {
		return (await renderPdfPage(page, BAND_DPI, LETTERHEAD_BAND)).raw
	} finally {
		page.cleanup()
	}
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

/** The letterhead lines of a band read by `engine`, the largest first; '' when none. */
async function letterheadRead(engine: OcrEngine, band: Buffer): Promise<string> {
	const result = await engine.recognize(band)
	return result.words ? letterheadOfBoxes(boxesFromOcrWords(result.words), { wholePage: true }) : ''
}

/** The letterhead lines of a scanned page's band, read by PaddleOCR. */
export async function readScannedLetterhead(paddle: OcrEngine, image: Buffer | RawImage, dpi?: number): Promise<string> {
	const page = await preprocessForOcr(image, { ...PAGE_PREPROCESSING, dpi })
	return letterheadRead(paddle, await letterheadBandImage(page))
}

/**
 * The provider a first page's letterhead names, or null. `text` is the document's text (its
 * language gives OCR's unaccented words their accents); an engine that fails leaves the provider
 * unknown (no page content is logged).
 */
export async function providerOfLetterhead(letterhead: Letterhead, kind: DocumentKind, text: string, paddle: () => OcrEngine | null): Promise<string | null> {
	const engine = paddle()
	if (!engine) return null
	try {
		const lines =
			letterhead.source === 'ocr'
				? await readScannedLetterhead(engine, letterhead.image, letterhead.dpi)
				: await letterheadRead(engine, await greyPgm(await letterhead.render()))
		const provider = findProvider('', kind, lines)
		return provider && titleCaseName(withAccents(provider, detectReportLanguage(text)))
	} catch (error) {
		logger.warn('ocr_engine_failed', { kind: engine.name, ...describeError(error) })
		return null
	}
}
