import { REJECTION_MESSAGES, tooManyPagesMessage } from './messages.ts'

/**
 * The bounds on the work one document may cause, so that a small hostile
 * file (a decompression bomb, an image or page that declares huge
 * dimensions, thousands of pages) cannot exhaust memory. Every decode of
 * pixels checks the same budget before it allocates; a file over a limit
 * is refused as 'too_large_to_process'. The memory cap and the time limit
 * of the child process that runs an extraction are in isolated-extract.ts.
 */

/**
 * The pixel budget of every decode (sharp inputs, images inside a PDF, DICOM
 * frames): 40 megapixels, a 600-dpi scan of a US-letter page (34 MP) or a
 * 40 MP photo. An RGBA copy of this many pixels is 160 MB.
 */
export const MAX_DECODED_PIXELS = 40_000_000

/**
 * The most pixels a PDF page is rendered to (for OCR or a preview): a
 * tabloid page at 300 dpi (16.8 MP). A larger page is rendered at a lower
 * resolution, down to MIN_OCR_RENDER_DPI for OCR.
 */
export const MAX_RENDER_PIXELS = 17_000_000

/** Below this resolution OCR reads nothing useful: a page that only fits the render budget below it is refused. */
export const MIN_OCR_RENDER_DPI = 100

/** Pages of a PDF read at most; a longer PDF is refused (text layer reading costs about 16 ms a page). */
export const MAX_PDF_PAGES = 300

/** The most bytes deflated DICOM data may inflate to (a 20 MB upload of real pixel data inflates 2-3 times). */
export const MAX_INFLATED_BYTES = 64 * 1024 * 1024

/**
 * The most bytes one document's extraction result may take (serialized, as it
 * crosses to the worker): the text, values and lists of a 300-page report or
 * of a C-CDA or FHIR file within its caps (structured/file-caps.ts) take well
 * under 2 MB; more is refused as 'too_large_to_process' in the child, before
 * the worker parses or stores any of it.
 */
export const MAX_RESULT_BYTES = 8 * 1024 * 1024

export type ProcessingLimit = 'pixels' | 'render_size' | 'pages' | 'inflated_size'

/** A file that would need more than a processing limit allows; extraction maps it to 'too_large_to_process'. */
export class ProcessingLimitError extends Error {
	readonly reason = 'too_large_to_process' as const
	constructor(
		readonly limit: ProcessingLimit,
		message: string = REJECTION_MESSAGES.too_large_to_process,
	) {
		super(message)
		this.name = 'ProcessingLimitError'
	}
}

/** Throws when an image of this size would be over the pixel budget (or has no sensible size). */
export function assertPixelBudget(width: number, height: number, frames = 1): void {
	if (!Number.isFinite(width) || !Number.isFinite(height) || width <= 0 || height <= 0) return
	if (width * height * Math.max(1, frames) > MAX_DECODED_PIXELS) throw new ProcessingLimitError('pixels')
}

/** Throws when a PDF has more pages than are read. */
export function assertPageCount(pages: number): void {
	if (pages > MAX_PDF_PAGES) throw new ProcessingLimitError('pages', tooManyPagesMessage(MAX_PDF_PAGES))
}

/**
 * The resolution to render a page of this size (in points) at: the wanted
 * one when the picture fits MAX_RENDER_PIXELS, else the highest that fits.
 * Null when even `minDpi` does not fit.
 */
export function renderDpiWithinBudget(widthPoints: number, heightPoints: number, wantedDpi: number, minDpi: number): number | null {
	const width = Math.max(1, Math.abs(widthPoints))
	const height = Math.max(1, Math.abs(heightPoints))
	const pixelsAt = (dpi: number) => Math.ceil((width * dpi) / 72) * Math.ceil((height * dpi) / 72)
	if (pixelsAt(wantedDpi) <= MAX_RENDER_PIXELS) return wantedDpi
	let dpi = 72 * Math.sqrt(MAX_RENDER_PIXELS / (width * height))
	// rounding each side up can tip it over: step down a little until it fits
	while (dpi >= minDpi && pixelsAt(dpi) > MAX_RENDER_PIXELS) dpi *= 0.995
	return dpi >= minDpi ? dpi : null
}
