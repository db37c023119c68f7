import sharp from 'sharp'
import { assertPixelBudget, MAX_DECODED_PIXELS } from '../intake/limits.ts'
import { deskewPage, flattenPage, resizePage, showsPage, type GreyImage } from './page-geometry.ts'

/**
 * Page images prepared for OCR: sharp decodes, turns upright (EXIF), makes
 * greyscale and scales down; a scan is scaled up by OpenCV, a phone photo by
 * sharp (see resizePhotoPage), its page flattened and the lines levelled
 * (page-geometry.ts); the contrast stretch and the 3x3 median run here on
 * the raw pixels (libvips' normalise and median take ~0.8 s each on a
 * 300-dpi page on a small machine, these ~0.05 s and ~0.5 s). The result is
 * an 8-bit PGM: no compression to pay for, read directly by tesseract.
 */

export type RawImage = { data: Uint8Array | Uint8ClampedArray; width: number; height: number; channels: 1 | 2 | 3 | 4 }

export type PreprocessOptions = {
	/** resolution to scale to; default 300 */
	targetDpi?: number
	/** never scale up (only down); default false */
	noUpscale?: boolean
	/** 3x3 median against specks and noise; default true */
	median?: boolean
	/** stretch contrast so that paper is white and ink black; default true */
	normalise?: boolean
	/**
	 * page geometry (default true): a photo's page found and flattened out of its
	 * perspective, and the text lines turned level (page-geometry.ts)
	 */
	geometry?: boolean
	/** 'pgm' (default, fastest) or 'png' */
	format?: 'pgm' | 'png'
	/** a known resolution; default: from the image's metadata, else the page width taken as US letter */
	dpi?: number
}

export type PreprocessedImage = {
	/** the encoded image for the OCR engine */
	image: Buffer
	/** the same picture as 8-bit grey pixels, row by row */
	pixels: Uint8Array
	width: number
	height: number
	scale: number
	/** the page was found in a photo and flattened */
	flattened?: boolean
	/** the text lines were turned level by this many degrees */
	deskewed?: number
}

const LETTER_WIDTH_INCHES = 8.5
const MAX_SCALE = 2
const MIN_SCALE = 0.4

/**
 * The resolution of a page image: its metadata when plausible, otherwise
 * the width of a US-letter page (scans and photos of report pages).
 */
export function estimateDpi(width: number, height: number, density?: number): number {
	const isPortraitPage = height > width * 1.15 && height < width * 1.55
	const fromWidth = width / LETTER_WIDTH_INCHES
	if (density && density >= 70 && density <= 1200) {
		// a photo with a nominal 72/96 dpi tag: trust the page geometry instead
		if ((density === 72 || density === 96) && isPortraitPage && fromWidth > 120) return fromWidth
		return density
	}
	return isPortraitPage ? fromWidth : Math.max(150, fromWidth)
}

/** The scale factor from a resolution to the target, within bounds, 1 when close. */
export function scaleFor(dpi: number, targetDpi: number, noUpscale = false): number {
	let scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, targetDpi / dpi))
	if (noUpscale) scale = Math.min(1, scale)
	return Math.abs(scale - 1) < 0.07 ? 1 : scale
}

/**
 * Stretches grey levels in place so that the darkest 0.5 % become black and
 * the lightest 0.5 % white (faded scans, grey paper).
 */
export function stretchContrast(pixels: Uint8Array): void {
	const histogram = new Uint32Array(256)
	for (let i = 0; i < pixels.length; i++) histogram[pixels[i]]++
	const cut = Math.floor(pixels.length * 0.005)
	let low = 0
	for (let sum = 0; low < 255 && sum + histogram[low] <= cut; low++) sum += histogram[low]
	let high = 255
	for (let sum = 0; high > 0 && sum + histogram[high] <= cut; high--) sum += histogram[high]
	if (high - low < 16 || (low === 0 && high === 255)) return
	const table = new Uint8Array(256)
	for (let level = 0; level < 256; level++) {
		table[level] = Math.max(0, Math.min(255, Math.round(((level - low) * 255) / (high - low))))
	}
	for (let i = 0; i < pixels.length; i++) pixels[i] = table[pixels[i]]
}

/** A 3x3 median filter (sorting network); border pixels are copied. */
export function median3x3(pixels: Uint8Array, width: number, height: number): Uint8Array {
	const out = new Uint8Array(pixels.length)
	out.set(pixels)
	const w = width
	for (let y = 1; y < height - 1; y++) {
		let i = y * w
		for (let x = 1; x < w - 1; x++) {
			i++
			let p0 = pixels[i - w - 1]
			let p1 = pixels[i - w]
			let p2 = pixels[i - w + 1]
			let p3 = pixels[i - 1]
			let p4 = pixels[i]
			let p5 = pixels[i + 1]
			let p6 = pixels[i + w - 1]
			let p7 = pixels[i + w]
			let p8 = pixels[i + w + 1]
			let t: number
			// a white neighbourhood (most of a page) needs no sorting
			if ((p0 & p1 & p2 & p3 & p4 & p5 & p6 & p7 & p8) === 255) {
				out[i] = 255
				continue
			}
			if (p1 > p2) {
				t = p1
				p1 = p2
				p2 = t
			}
			if (p4 > p5) {
				t = p4
				p4 = p5
				p5 = t
			}
			if (p7 > p8) {
				t = p7
				p7 = p8
				p8 = t
			}
			if (p0 > p1) {
				t = p0
				p0 = p1
				p1 = t
			}
			if (p3 > p4) {
				t = p3
				p3 = p4
				p4 = t
			}
			if (p6 > p7) {
				t = p6
				p6 = p7
				p7 = t
			}
			if (p1 > p2) {
				t = p1
				p1 = p2
				p2 = t
			}
			if (p4 > p5) {
				t = p4
				p4 = p5
				p5 = t
			}
			if (p7 > p8) {
				t = p7
				p7 = p8
				p8 = t
			}
			if (p0 > p3) {
				p3 = p0
			}
			if (p5 > p8) {
				p5 = p8
			}
			if (p4 > p7) {
				t = p4
				p4 = p7
				p7 = t
			}
			if (p3 > p6) {
				p6 = p3
			}
			if (p1 > p4) {
				p4 = p1
			}
			if (p2 > p5) {
				p2 = p5
			}
			if (p4 > p7) {
				p4 = p7
			}
			if (p4 > p2) {
				t = p4
				p4 = p2
				p2 = t
			}
			if (p6 > p4) {
				p4 = p6
			}
			if (p4 > p2) {
				p4 = p2
			}
			out[i] = p4
		}
	}
	return out
}

/**
 * An 8-bit binary PGM (P5) of this size, and its pixels as a view into it (a page's picture held
 * once, not once as pixels and again as the encoded image); filled with `data` when given.
 */
export function pgmImage(width: number, height: number, data?: Uint8Array): { image: Buffer; pixels: Uint8Array } {
	const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1')
	const image = Buffer.allocUnsafe(header.length + width * height)
	header.copy(image)
	const pixels = image.subarray(header.length)
	if (data) pixels.set(data)
	return { image, pixels }
}

/** An 8-bit binary PGM (P5) of grey pixels. */
export function toPgm(data: Uint8Array, width: number, height: number): Buffer {
	return pgmImage(width, height, data).image
}

/**
 * A phone photo scaled by sharp's Catmull-Rom cubic: on the generated photos it kept more values
 * than OpenCV did (held-out photos of three corpus samples 154 against 145 to 149 of 170, whichever
 * way OpenCV took part), while scans read as many scaled by OpenCV (resizePage). Scaled up, a photo
 * takes sharp about 0.2 s more; photo preparation stays under its second (bench:ocr).
 */
async function resizePhotoPage(image: GreyImage, scale: number): Promise<GreyImage> {
	const width = Math.round(image.width * scale)
	const height = Math.round(image.height * scale)
	const data = await sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 1 } })
		.resize({ width, height, fit: 'fill', kernel: scale > 1 ? 'cubic' : 'lanczos3' })
		.toColourspace('b-w')
		.raw()
		.toBuffer()
	return { pixels: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width, height }
}

/** Prepares an encoded image (JPEG, PNG...) or raw pixels for OCR. */
export async function preprocessForOcr(input: Buffer | RawImage, options: PreprocessOptions = {}): Promise<PreprocessedImage> {
	const targetDpi = options.targetDpi ?? 300
	const metadata = Buffer.isBuffer(input) ? await sharp(input, { failOn: 'none', limitInputPixels: false }).metadata() : null
	if (metadata) assertPixelBudget(metadata.width ?? 0, metadata.height ?? 0)
	const swapped = (metadata?.orientation ?? 1) >= 5
	const width = Buffer.isBuffer(input) ? ((swapped ? metadata?.height : metadata?.width) ?? 0) : input.width
	const height = Buffer.isBuffer(input) ? ((swapped ? metadata?.width : metadata?.height) ?? 0) : input.height
	if (!width || !height) throw new Error('image has no size')
	const dpi = options.dpi ?? estimateDpi(width, height, metadata?.density)
	const scale = scaleFor(dpi, targetDpi, options.noUpscale)
	/** the picture in grey, scaled by sharp while decoding when asked (a JPEG scaled down shrinks on load) */
	const decode = async (isScaled: boolean): Promise<GreyImage> => {
		let pipeline = Buffer.isBuffer(input)
			? sharp(input, { failOn: 'none', limitInputPixels: MAX_DECODED_PIXELS }).rotate()
			: sharp(Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength), {
					raw: { width: input.width, height: input.height, channels: input.channels },
				})
		pipeline = pipeline.removeAlpha().greyscale()
		if (isScaled) pipeline = pipeline.resize({ width: Math.round(width * scale), height: Math.round(height * scale), kernel: scale > 1 ? 'cubic' : 'lanczos3' })
		const { data, info } = await pipeline.toColourspace('b-w').raw().toBuffer({ resolveWithObject: true })
		if (info.channels !== 1) throw new Error(`expected one channel, got ${info.channels}`)
		return { pixels: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height }
	}
	let page = await decode(scale < 1)
	const geometry = options.geometry ?? true
	// a photo's page is looked for before scaling up (the picture is smaller). A scan is scaled up by
	// OpenCV, five times faster than sharp; a photo decoded again, scaled by sharp (resizePhotoPage)
	const isPhoto = geometry && (await showsPage(page))
	if (scale > 1) page = isPhoto ? await decode(true) : await resizePage(page, scale)
	let flattened = false
	let deskewed: number | undefined
	const flat = isPhoto ? await flattenPage(page) : null
	if (flat) {
		// the page now fills the picture: its resolution from its own width
		flattened = true
		const pageScale = scaleFor(estimateDpi(flat.width, flat.height), targetDpi, options.noUpscale)
		page = pageScale === 1 ? flat : await resizePhotoPage(flat, pageScale)
	}
	const level = geometry ? await deskewPage(page) : null
	if (level) {
		deskewed = level.degrees
		page = level
	}
	let pixels = page.pixels
	if (options.normalise ?? true) stretchContrast(pixels)
	if (options.median ?? true) pixels = median3x3(pixels, page.width, page.height)
	if ((options.format ?? 'pgm') === 'png') {
		const png = await sharp(pixels, { raw: { width: page.width, height: page.height, channels: 1 } })
			.png({ compressionLevel: 1, adaptiveFiltering: false })
			.toBuffer()
		return { image: png, pixels, width: page.width, height: page.height, scale, flattened, deskewed }
	}
	return { ...pgmImage(page.width, page.height, pixels), width: page.width, height: page.height, scale, flattened, deskewed }
}
