import type * as OpenCv from '@techstark/opencv-js'
import { loadOpenCv, type GreyImage } from './page-geometry.ts'

type Cv = typeof OpenCv

/**
 * Illumination correction and adaptive thresholding before OCR (OpenCV):
 * every pixel is compared with a threshold from its neighbourhood (a square
 * an inch wide at the page's resolution), so paper becomes white and ink black
 * wherever the paper is grey, tinted or shaded: a copy of a copy, rows shaded
 * grey, a scanner's grey, speckles. tesseract's LSTM reads the grey picture
 * it is given; on such a page it misreads bold digits and drops decimal
 * points that it reads right in black and white. The neighbourhood is wide so
 * that a bold digit keeps its dark inside rather than turning hollow; a dark bar
 * with white letters is then turned black on white (invertDarkBars). Which pages
 * are read this way: hasGreyPaper (README.md).
 */

/** The neighbourhood's side in inches. */
const BLOCK_INCHES = 1
/** The statistics are taken on a copy this many times smaller (they vary slowly across a page). */
const REDUCTION = 4
/** Rows converted to floating point at a time (a multiple of REDUCTION). */
const STRIP_ROWS = 256
/** Sauvola's sensitivity k and dynamic range R of the standard deviation. */
const SAUVOLA_K = 0.3
const SAUVOLA_R = 128

export type ThresholdOptions = { dpi: number; /** where to write the black-and-white pixels (default: a new array) */ into?: Uint8Array }

/**
 * The page as pure black and white, written to `into` (which may be the input's own pixels) or
 * to a new array, by Sauvola's
 * threshold T = m (1 + k (s / R - 1)) from the mean m and standard deviation s of each
 * pixel's neighbourhood: on plain paper (s small) T sits well below the paper, so speckles and
 * shading stay white; among text (s large) it sits near the middle between paper and ink, so
 * strokes keep their width and a zero's inside stays open.
 */
export async function thresholdPage(image: GreyImage, options: ThresholdOptions): Promise<GreyImage> {
	const { cv } = await loadOpenCv()
	const mats: OpenCv.Mat[] = []
	const track = (created: OpenCv.Mat) => {
		mats.push(created)
		return created
	}
	try {
		const source = track(new cv.Mat(image.height, image.width, cv.CV_8UC1))
		source.data.set(image.pixels)
		// the mean of the pixels and of their squares over REDUCTION-square blocks, strip by strip, so
		// that no page-sized float image is ever held (OpenCV's WebAssembly memory never shrinks)
		const smallWidth = Math.ceil(image.width / REDUCTION)
		const smallHeight = Math.ceil(image.height / REDUCTION)
		const meanSmall = track(new cv.Mat(smallHeight, smallWidth, cv.CV_32F))
		const squareSmall = track(new cv.Mat(smallHeight, smallWidth, cv.CV_32F))
		const values = track(new cv.Mat())
		const squares = track(new cv.Mat())
		const stripMean = track(new cv.Mat())
		const stripSquare = track(new cv.Mat())
		for (let top = 0; top < image.height; top += STRIP_ROWS) {
			const rows = Math.min(STRIP_ROWS, image.height - top)
			const strip = source.roi(new cv.Rect(0, top, image.width, rows))
			strip.convertTo(values, cv.CV_32F)
			strip.delete()
			cv.multiply(values, values, squares)
			const size = new cv.Size(smallWidth, Math.ceil(rows / REDUCTION))
			cv.resize(values, stripMean, size, 0, 0, cv.INTER_AREA)
			cv.resize(squares, stripSquare, size, 0, 0, cv.INTER_AREA)
			const place = new cv.Rect(0, top / REDUCTION, smallWidth, size.height)
			const meanPart = meanSmall.roi(place)
			const squarePart = squareSmall.roi(place)
			stripMean.copyTo(meanPart)
			stripSquare.copyTo(squarePart)
			meanPart.delete()
			squarePart.delete()
		}
		const side = Math.max(3, Math.round((options.dpi * BLOCK_INCHES) / REDUCTION) | 1)
		const kernel = new cv.Size(side, side)
		cv.boxFilter(meanSmall, meanSmall, -1, kernel, new cv.Point(-1, -1), true, cv.BORDER_REFLECT)
		cv.boxFilter(squareSmall, squareSmall, -1, kernel, new cv.Point(-1, -1), true, cv.BORDER_REFLECT)
		// T = m (1 + k (s / R - 1)), with s = sqrt(E[x²] - m²)
		const variance = track(new cv.Mat())
		cv.multiply(meanSmall, meanSmall, variance)
		cv.subtract(squareSmall, variance, variance)
		cv.threshold(variance, variance, 0, 0, cv.THRESH_TOZERO)
		const deviation = track(new cv.Mat())
		cv.sqrt(variance, deviation)
		const factor = track(new cv.Mat())
		deviation.convertTo(factor, cv.CV_32F, SAUVOLA_K / SAUVOLA_R, 1 - SAUVOLA_K)
		const thresholdSmall = track(new cv.Mat())
		cv.multiply(meanSmall, factor, thresholdSmall)
		const thresholdSmall8 = track(new cv.Mat())
		thresholdSmall.convertTo(thresholdSmall8, cv.CV_8U)
		const threshold = track(new cv.Mat())
		cv.resize(thresholdSmall8, threshold, new cv.Size(image.width, image.height), 0, 0, cv.INTER_LINEAR)
		// compared in place: the page itself turns black and white
		cv.compare(source, threshold, source, cv.CMP_GT)
		invertDarkBars(cv, source, options.dpi)
		const pixels = options.into ?? new Uint8Array(image.width * image.height)
		pixels.set(source.data)
		return { pixels, width: image.width, height: image.height }
	} finally {
		for (const item of mats) item.delete()
	}
}

/** A dark bar is at least this wide and this tall (inches) and this much black. */
const BAR_MIN_WIDTH = 1
const BAR_MIN_HEIGHT = 0.15
const BAR_MIN_FILL = 0.6

/**
 * White letters on a dark bar (a heading, a table's header row) made black on white, in place:
 * tesseract finds inverted text in a grey picture, but in black and white it missed a report's
 * letterhead, and with it the provider. A bar is a black region at least an inch wide and
 * 0.15 inch tall, mostly black; found on a quarter-size copy, so neither a bold digit, a
 * ruled line nor a card's frame qualifies.
 */
function invertDarkBars(cv: Cv, binary: OpenCv.Mat, dpi: number): void {
	const small = new cv.Mat()
	const labels = new cv.Mat()
	const stats = new cv.Mat()
	const centroids = new cv.Mat()
	try {
		cv.resize(binary, small, new cv.Size(Math.ceil(binary.cols / REDUCTION), Math.ceil(binary.rows / REDUCTION)), 0, 0, cv.INTER_AREA)
		// black in the page: 255 here
		cv.threshold(small, small, 127, 255, cv.THRESH_BINARY_INV)
		const count = cv.connectedComponentsWithStats(small, labels, stats, centroids, 8, cv.CV_32S)
		const scale = dpi / REDUCTION
		for (let label = 1; label < count; label++) {
			const [left, top, width, height, area] = [0, 1, 2, 3, 4].map((column) => stats.intAt(label, column))
			if (width < BAR_MIN_WIDTH * scale || height < BAR_MIN_HEIGHT * scale || area < width * height * BAR_MIN_FILL) continue
			const x = left * REDUCTION
			const y = top * REDUCTION
			const box = new cv.Rect(x, y, Math.min(width * REDUCTION, binary.cols - x), Math.min(height * REDUCTION, binary.rows - y))
			const part = binary.roi(box)
			cv.bitwise_not(part, part)
			part.delete()
		}
	} finally {
		small.delete()
		labels.delete()
		stats.delete()
		centroids.delete()
	}
}

/** Paper lighter than this is white (after the contrast stretch); from PAPER_FROM up to it, grey. */
const WHITE_PAPER = 235
const PAPER_FROM = 170
/** The share of grey among the page's paper pixels above which the paper is not white. */
const GREY_PAPER_SHARE = 0.3

/**
 * Is the paper of a contrast-stretched page grey rather than white? On a page printed on white
 * paper (a text PDF rendered, a clean scan) nearly every light pixel is white, a few percent are
 * the grey edges of strokes; on grey, tinted or shaded paper most of them are grey. Sampled
 * every seventh pixel.
 */
export function hasGreyPaper(pixels: Uint8Array): boolean {
	let grey = 0
	let white = 0
	for (let i = 0; i < pixels.length; i += 7) {
		const value = pixels[i]
		if (value >= WHITE_PAPER) white++
		else if (value >= PAPER_FROM) grey++
	}
	return grey > (grey + white) * GREY_PAPER_SHARE
}
