import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/types/src/display/api.js'
import type { RawImage } from '../ocr/image-preprocess.ts'
import { MAX_RENDER_PIXELS, MIN_OCR_RENDER_DPI, ProcessingLimitError, renderDpiWithinBudget } from '../intake/limits.ts'
import { loadPdfjs } from './pdf-text.ts'

/**
 * The picture of a PDF page that has no text layer: its embedded scan when
 * the page is one full-page image (fast, full quality), else the page
 * rendered with pdfjs onto an @napi-rs/canvas.
 */

export type PageImage = { raw: RawImage; dpi: number; source: 'embedded' | 'rendered' }

type PdfjsImage = { width: number; height: number; kind: number; data?: Uint8Array | Uint8ClampedArray }

/** pdfjs ImageKind: 1 = 1 bit grey, 2 = RGB, 3 = RGBA. */
function toRaw(image: PdfjsImage): RawImage | null {
	const { width, height, kind, data } = image
	if (!data || !width || !height) return null
	if (kind === 2 && data.length >= width * height * 3) return { data, width, height, channels: 3 }
	if (kind === 3 && data.length >= width * height * 4) return { data, width, height, channels: 4 }
	if (kind === 1) {
		const rowBytes = Math.ceil(width / 8)
		const grey = new Uint8Array(width * height)
		for (let y = 0; y < height; y++) {
			for (let x = 0; x < width; x++) {
				const bit = (data[y * rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1
				grey[y * width + x] = bit ? 255 : 0
			}
		}
		return { data: grey, width, height, channels: 1 }
	}
	return null
}

function objectOf(page: PDFPageProxy, id: string): Promise<PdfjsImage | null> {
	return new Promise((resolve) => {
		const objs = id.startsWith('g_') ? page.commonObjs : page.objs
		try {
			objs.get(id, (value: unknown) => resolve((value as PdfjsImage) ?? null))
		} catch {
			resolve(null)
		}
	})
}

/** The page's single full-page image, when it is one. */
async function embeddedPageImage(page: PDFPageProxy): Promise<PageImage | null> {
	const pdfjs = await loadPdfjs()
	const operators = await page.getOperatorList()
	const imageIds: string[] = []
	for (let i = 0; i < operators.fnArray.length; i++) {
		if (operators.fnArray[i] === pdfjs.OPS.paintImageXObject) imageIds.push(String(operators.argsArray[i][0]))
	}
	if (imageIds.length !== 1) return null
	const image = await objectOf(page, imageIds[0])
	if (!image) return null
	const { width: shownWidth, height: shownHeight } = shownPageSize(page)
	const pageAspect = shownHeight / shownWidth
	const imageAspect = image.height / image.width
	if (Math.abs(pageAspect - imageAspect) / pageAspect > 0.06) return null
	const raw = toRaw(image)
	if (!raw) return null
	return { raw, dpi: image.width / (shownWidth / 72), source: 'embedded' }
}

/**
 * The scan a page is made of, when it is one full-page image: a scanned PDF, with or without a text
 * layer another program's OCR put over it (pages/README.md). Null for a page drawn as text and
 * graphics (nothing to read again).
 */
export async function scanOfPage(doc: PDFDocumentProxy, pageNumber: number): Promise<PageImage | null> {
	const page = await doc.getPage(pageNumber)
	try {
		return await embeddedPageImage(page)
	} finally {
		page.cleanup()
	}
}

/**
 * Renders the page at the given resolution, or its top `share` of it (a letterhead's band); a
 * picture over MAX_RENDER_PIXELS is a ProcessingLimitError.
 */
export async function renderPdfPage(page: PDFPageProxy, dpi: number, share = 1): Promise<PageImage> {
	const { createCanvas } = await import('@napi-rs/canvas')
	const viewport = page.getViewport({ scale: dpi / 72 })
	const width = Math.ceil(viewport.width)
	const height = Math.ceil(viewport.height * Math.min(1, Math.max(0, share)))
	if (width * height > MAX_RENDER_PIXELS) throw new ProcessingLimitError('render_size')
	const canvas = createCanvas(width, height)
	const context = canvas.getContext('2d')
	context.fillStyle = '#ffffff'
	context.fillRect(0, 0, width, height)
	await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise
	const pixels = context.getImageData(0, 0, width, height).data
	return { raw: { data: pixels, width, height, channels: 4 }, dpi, source: 'rendered' }
}

/** The page's size in points as shown (rotation applied). */
export function shownPageSize(page: PDFPageProxy): { width: number; height: number } {
	const [x0, y0, x1, y1] = page.view
	const width = Math.abs(x1 - x0)
	const height = Math.abs(y1 - y0)
	return page.rotate % 180 !== 0 ? { width: height, height: width } : { width, height }
}

/**
 * The picture to OCR for a page without a text layer. A page too large to
 * render at `renderDpi` within MAX_RENDER_PIXELS is rendered at a lower
 * resolution, down to MIN_OCR_RENDER_DPI; a larger one is a ProcessingLimitError.
 */
export async function pageImageForOcr(doc: PDFDocumentProxy, pageNumber: number, renderDpi = 300): Promise<PageImage> {
	const page = await doc.getPage(pageNumber)
	try {
		const embedded = await embeddedPageImage(page)
		if (embedded) return embedded
		const { width, height } = shownPageSize(page)
		const dpi = renderDpiWithinBudget(width, height, renderDpi, MIN_OCR_RENDER_DPI)
		if (dpi === null) throw new ProcessingLimitError('render_size')
		return await renderPdfPage(page, dpi)
	} finally {
		page.cleanup()
	}
}
