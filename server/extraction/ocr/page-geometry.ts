import { readFileSync } from 'node:fs'
import Module, { createRequire } from 'node:module'
import path from 'node:path'
import vm from 'node:vm'
import type * as OpenCv from '@techstark/opencv-js'

/**
 * Page geometry for photos and scans, with OpenCV (WebAssembly, loaded on
 * first use, about 0.5 s and 90 MB once per process):
 * - page detection and perspective flattening: a photo's page is the largest
 *   bright four-cornered region, clearly smaller than the picture (a darker
 *   surround), warped to an upright rectangle;
 * - deskew: the slant of the text lines (lines of words joined by a wide
 *   horizontal dilation, their minimum-area rectangles), turned level.
 * Both work on 8-bit grey pixels and leave a page without the evidence alone.
 */

type Cv = typeof OpenCv
export type GreyImage = { pixels: Uint8Array; width: number; height: number }

const require = createRequire(import.meta.url)
let loading: Promise<{ cv: Cv }> | null = null

/**
 * OpenCV's module, initialised once per process. Its 11 MB script is run with
 * node:vm as the CommonJS module it is: through tsx's require hook (the app and
 * the extraction child run under tsx) it took minutes to transform. The module
 * object is a thenable (a promise resolved with it never settles), so it is handed
 * over wrapped: `const { cv } = await loadOpenCv()`.
 */
export function loadOpenCv(): Promise<{ cv: Cv }> {
	loading ??= new Promise<{ cv: Cv }>((resolve, reject) => {
		try {
			const file = require.resolve('@techstark/opencv-js')
			const module = { exports: {} as Cv & { onRuntimeInitialized?: () => void } }
			const wrapper = vm.runInThisContext(Module.wrap(readFileSync(file, 'utf8')), { filename: file }) as (...args: unknown[]) => void
			wrapper.call(module.exports, module.exports, require, module, file, path.dirname(file))
			const cv = module.exports
			if (typeof cv.Mat === 'function') resolve({ cv })
			else cv.onRuntimeInitialized = () => resolve({ cv })
		} catch (error) {
			reject(error instanceof Error ? error : new Error(String(error)))
		}
	})
	return loading
}

/** The side of the reduced copy the page and the text lines are found on. */
const ANALYSIS_SIDE = 900
/** A page covers at least this share of the photo... */
const MIN_PAGE_AREA = 0.25
/** ...and at most this share: above it the picture is the page (a scan). */
const MAX_PAGE_AREA = 0.93
/**
 * A page stands out from a darker surround: when more than this share of the picture around the
 * region is as bright as paper, the region is a box printed on the page (a table's frame, the
 * header and the footer outside it), not the page, and is not cut out.
 */
const MAX_BRIGHT_SURROUND = 0.5
/** Skews smaller than this are left alone (degrees); larger than MAX_SKEW are not text-line evidence. */
const MIN_SKEW = 0.25
const MAX_SKEW = 10

function fromGrey(cv: Cv, image: GreyImage): OpenCv.Mat {
	const mat = new cv.Mat(image.height, image.width, cv.CV_8UC1)
	if (image.pixels.length !== image.width * image.height) throw new Error(`pixels ${image.pixels.length} for ${image.width}x${image.height}`)
	mat.data.set(image.pixels)
	return mat
}

function toGrey(mat: OpenCv.Mat): GreyImage {
	return { pixels: new Uint8Array(mat.data), width: mat.cols, height: mat.rows }
}

/** A reduced copy whose longer side is ANALYSIS_SIDE, and its scale. */
function reduced(cv: Cv, source: OpenCv.Mat): { small: OpenCv.Mat; scale: number } {
	const scale = Math.min(1, ANALYSIS_SIDE / Math.max(source.cols, source.rows))
	const small = new cv.Mat()
	cv.resize(source, small, new cv.Size(Math.round(source.cols * scale), Math.round(source.rows * scale)), 0, 0, cv.INTER_AREA)
	return { small, scale }
}

type Point = { x: number; y: number }

/** Corners ordered top-left, top-right, bottom-right, bottom-left. */
export function orderCorners(points: Point[]): Point[] {
	const bySum = [...points].sort((a, b) => a.x + a.y - (b.x + b.y))
	const byDifference = [...points].sort((a, b) => a.y - a.x - (b.y - b.x))
	return [bySum[0], byDifference[0], bySum[3], byDifference[3]]
}

/** The four corners of the page in a photo (full-size coordinates), or null when no page stands out from a darker surround. */
function findPageCorners(cv: Cv, source: OpenCv.Mat): Point[] | null {
	const { small, scale } = reduced(cv, source)
	const binary = new cv.Mat()
	const contours = new cv.MatVector()
	const hierarchy = new cv.Mat()
	try {
		cv.GaussianBlur(small, small, new cv.Size(5, 5), 0)
		cv.threshold(small, binary, 0, 255, cv.THRESH_BINARY + cv.THRESH_OTSU)
		cv.findContours(binary, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE)
		let largest = -1
		let largestArea = 0
		for (let i = 0; i < contours.size(); i++) {
			const area = cv.contourArea(contours.get(i))
			if (area > largestArea) {
				largestArea = area
				largest = i
			}
		}
		const share = largestArea / (small.cols * small.rows)
		if (largest < 0 || share < MIN_PAGE_AREA || share > MAX_PAGE_AREA) return null
		if (brightShareAround(cv, binary, contours, largest) > MAX_BRIGHT_SURROUND) return null
		const hull = new cv.Mat()
		const approx = new cv.Mat()
		try {
			cv.convexHull(contours.get(largest), hull)
			const perimeter = cv.arcLength(hull, true)
			for (const tolerance of [0.02, 0.03, 0.04, 0.05]) {
				cv.approxPolyDP(hull, approx, tolerance * perimeter, true)
				if (approx.rows === 4) break
			}
			if (approx.rows !== 4) return null
			const points: Point[] = []
			for (let i = 0; i < 4; i++) points.push({ x: approx.data32S[i * 2] / scale, y: approx.data32S[i * 2 + 1] / scale })
			return orderCorners(points)
		} finally {
			hull.delete()
			approx.delete()
		}
	} finally {
		small.delete()
		binary.delete()
		contours.delete()
		hierarchy.delete()
	}
}

/** The share of the pixels outside contour `index` that the threshold counts bright (paper). */
function brightShareAround(cv: Cv, binary: OpenCv.Mat, contours: OpenCv.MatVector, index: number): number {
	const region = cv.Mat.zeros(binary.rows, binary.cols, cv.CV_8UC1)
	const brightInside = new cv.Mat()
	try {
		cv.drawContours(region, contours, index, new cv.Scalar(255), -1)
		cv.bitwise_and(binary, region, brightInside)
		const outside = binary.rows * binary.cols - cv.countNonZero(region)
		if (outside <= 0) return 0
		return (cv.countNonZero(binary) - cv.countNonZero(brightInside)) / outside
	} finally {
		region.delete()
		brightInside.delete()
	}
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y)

/** The picture shows a separate page (a photo of one, not a scan): what flattenPage would flatten. */
export async function showsPage(image: GreyImage): Promise<boolean> {
	const { cv } = await loadOpenCv()
	const source = fromGrey(cv, image)
	try {
		return findPageCorners(cv, source) !== null
	} finally {
		source.delete()
	}
}

/** The page of a photo warped to an upright rectangle; null when the picture shows no separate page. */
export async function flattenPage(image: GreyImage): Promise<GreyImage | null> {
	const { cv } = await loadOpenCv()
	const source = fromGrey(cv, image)
	try {
		const corners = findPageCorners(cv, source)
		if (!corners) return null
		const [topLeft, topRight, bottomRight, bottomLeft] = corners
		const width = Math.round(Math.max(distance(topLeft, topRight), distance(bottomLeft, bottomRight)))
		const height = Math.round(Math.max(distance(topLeft, bottomLeft), distance(topRight, bottomRight)))
		const from = cv.matFromArray(
			4,
			1,
			cv.CV_32FC2,
			corners.flatMap((point) => [point.x, point.y]),
		)
		const to = cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, width, 0, width, height, 0, height])
		const transform = cv.getPerspectiveTransform(from, to)
		const flat = new cv.Mat()
		try {
			cv.warpPerspective(source, flat, transform, new cv.Size(width, height), cv.INTER_LINEAR, cv.BORDER_REPLICATE)
			return toGrey(flat)
		} finally {
			from.delete()
			to.delete()
			transform.delete()
			flat.delete()
		}
	} finally {
		source.delete()
	}
}

/**
 * A scan scaled by OpenCV: bilinear up, pixel areas down. A 200-dpi page scaled to 300 dpi takes
 * about 25 ms here against 230 ms in sharp, whose libvips runs on one thread on glibc Linux.
 * Bilinear read as many scanned values as bicubic (fixture scans 81 against 79 of 83, generated
 * scans of three corpus samples 486 against 489 of 534) in half the time.
 */
export async function resizePage(image: GreyImage, scale: number): Promise<GreyImage> {
	const { cv } = await loadOpenCv()
	const source = fromGrey(cv, image)
	const resized = new cv.Mat()
	try {
		const size = new cv.Size(Math.round(image.width * scale), Math.round(image.height * scale))
		cv.resize(source, resized, size, 0, 0, scale > 1 ? cv.INTER_LINEAR : cv.INTER_AREA)
		return toGrey(resized)
	} finally {
		source.delete()
		resized.delete()
	}
}

/** The slant of the text lines in degrees (positive: clockwise, as image y grows downward), or 0 without enough lines. */
function textSkew(cv: Cv, source: OpenCv.Mat): number {
	const { small } = reduced(cv, source)
	const binary = new cv.Mat()
	const kernel = cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(Math.max(9, Math.round(small.cols / 40)), 1))
	const contours = new cv.MatVector()
	const hierarchy = new cv.Mat()
	try {
		cv.threshold(small, binary, 0, 255, cv.THRESH_BINARY_INV + cv.THRESH_OTSU)
		cv.dilate(binary, binary, kernel)
		cv.findContours(binary, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE)
		const angles: Array<{ angle: number; weight: number }> = []
		for (let i = 0; i < contours.size(); i++) {
			const rect = cv.minAreaRect(contours.get(i))
			let { width, height } = rect.size
			let angle = rect.angle
			if (width < height) {
				;[width, height] = [height, width]
				angle -= 90
			}
			while (angle > 45) angle -= 90
			while (angle < -45) angle += 90
			// a text line: long and thin, at least a tenth of the page wide
			if (width < small.cols * 0.1 || width < height * 6 || Math.abs(angle) > MAX_SKEW) continue
			angles.push({ angle, weight: width })
		}
		if (angles.length < 3) return 0
		angles.sort((a, b) => a.angle - b.angle)
		const total = angles.reduce((sum, item) => sum + item.weight, 0)
		let running = 0
		for (const item of angles) {
			running += item.weight
			if (running >= total / 2) return item.angle
		}
		return 0
	} finally {
		small.delete()
		binary.delete()
		kernel.delete()
		contours.delete()
		hierarchy.delete()
	}
}

/** The page turned so that its text lines are level; null when it already is (or shows no lines). */
export async function deskewPage(image: GreyImage): Promise<(GreyImage & { degrees: number }) | null> {
	const { cv } = await loadOpenCv()
	const source = fromGrey(cv, image)
	const turned = new cv.Mat()
	let rotation: OpenCv.Mat | null = null
	try {
		const skew = textSkew(cv, source)
		if (Math.abs(skew) < MIN_SKEW) return null
		rotation = cv.getRotationMatrix2D(new cv.Point(image.width / 2, image.height / 2), skew, 1)
		cv.warpAffine(source, turned, rotation, new cv.Size(image.width, image.height), cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(255))
		return { ...toGrey(turned), degrees: skew }
	} finally {
		source.delete()
		turned.delete()
		rotation?.delete()
	}
}
