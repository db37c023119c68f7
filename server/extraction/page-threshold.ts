import type * as OpenCv from '@techstark/opencv-js'
import { loadOpenCv, type GreyImage } from './page-geometry.ts'

/**
 * Illumination correction and adaptive thresholding before OCR (OpenCV):
 * every pixel is compared with a threshold from its neighbourhood (a square
 * an inch wide at the page's resolution), so paper becomes white and ink black
 * wherever the paper is grey, tinted or shaded: a copy of a copy, rows shaded
 * grey, a scanner's grey, speckles. tesseract's LSTM reads the grey picture
 * it is given; on such a page it misreads bold digits and drops decimal
 * points that it reads right in black and white. The neighbourhood is wide so
 * that a large dark area (a heading bar with white letters, a bold digit) keeps
 * its dark inside rather than turning hollow. Which pages are read this way:
 * hasGreyPaper (decision 018).
 */

/** The neighbourhood's side in inches. */
const BLOCK_INCHES = 1
/** The statistics are taken on a copy this many times smaller (they vary slowly across a page). */
const REDUCTION = 4
/** Sauvola's sensitivity k and dynamic range R of the standard deviation. */
const SAUVOLA_K = 0.3
const SAUVOLA_R = 128

export type ThresholdOptions = { dpi: number }

/**
 * The page as pure black and white (a new image; the input is left as it is), by Sauvola's
 * threshold T = m (1 + k (s / R - 1)) from the mean m and standard deviation s of each
 * pixel's neighbourhood: on plain paper (s small) T sits well below the paper, so speckles and
 * shading stay white; among text (s large) it sits near the middle between paper and ink, so
 * strokes keep their width and a zero's inside stays open.
 */
export async function thresholdPage(image: GreyImage, options: ThresholdOptions): Promise<GreyImage> {
	const { cv } = await loadOpenCv()
	const mats: OpenCv.Mat[] = []
	const mat = () => {
		const created = new cv.Mat()
		mats.push(created)
		return created
	}
	try {
		const source = new cv.Mat(image.height, image.width, cv.CV_8UC1)
		mats.push(source)
		source.data.set(image.pixels)
		const values = mat()
		source.convertTo(values, cv.CV_32F)
		const squares = mat()
		cv.multiply(values, values, squares)
		const small = new cv.Size(Math.max(1, Math.round(image.width / REDUCTION)), Math.max(1, Math.round(image.height / REDUCTION)))
		const meanSmall = mat()
		const squareSmall = mat()
		cv.resize(values, meanSmall, small, 0, 0, cv.INTER_AREA)
		cv.resize(squares, squareSmall, small, 0, 0, cv.INTER_AREA)
		const side = Math.max(3, Math.round((options.dpi * BLOCK_INCHES) / REDUCTION) | 1)
		const kernel = new cv.Size(side, side)
		cv.boxFilter(meanSmall, meanSmall, -1, kernel, new cv.Point(-1, -1), true, cv.BORDER_REFLECT)
		cv.boxFilter(squareSmall, squareSmall, -1, kernel, new cv.Point(-1, -1), true, cv.BORDER_REFLECT)
		// T = m (1 + k (s / R - 1)), with s = sqrt(E[x²] - m²)
		const variance = mat()
		cv.multiply(meanSmall, meanSmall, variance)
		cv.subtract(squareSmall, variance, variance)
		cv.threshold(variance, variance, 0, 0, cv.THRESH_TOZERO)
		const deviation = mat()
		cv.sqrt(variance, deviation)
		const factor = mat()
		deviation.convertTo(factor, cv.CV_32F, SAUVOLA_K / SAUVOLA_R, 1 - SAUVOLA_K)
		const thresholdSmall = mat()
		cv.multiply(meanSmall, factor, thresholdSmall)
		const threshold = mat()
		cv.resize(thresholdSmall, threshold, new cv.Size(image.width, image.height), 0, 0, cv.INTER_LINEAR)
		const threshold8 = mat()
		threshold.convertTo(threshold8, cv.CV_8U)
		const binary = mat()
		cv.compare(source, threshold8, binary, cv.CMP_GT)
		return { pixels: new Uint8Array(binary.data), width: image.width, height: image.height }
	} finally {
		for (const item of mats) item.delete()
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
