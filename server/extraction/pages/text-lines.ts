import type { Box } from './word-boxes.ts'

/**
 * A page's word boxes grouped into text lines that follow their own slope and curve. A phone
 * photo's lines are neither level nor straight (the paper bends, the camera tilts): a row's
 * right-hand cells sit half a line or more above or below its name, so lines cut by height
 * alone pair a name with the value of the line above or below it. Here a line grows from left
 * to right, and each box joins the line whose path, carried on from its last boxes and bent as
 * the lines already read bend in that part of the page (a column printed higher on a curled
 * sheet), passes through the box's middle; a level page gives the same lines as cutting by height.
 */

export type TextLine<T> = { boxes: T[]; top: number; bottom: number }

/** How far (in the lower of the two heights) a box's middle may sit from a line's path and still join it. */
const JOIN_DISTANCE = 0.5
/** Boxes of one line may overlap by this much of the line's height (a cell split in two, a kerned word). */
const OVERLAP_ALLOWANCE = 0.3
/** A line's own slope is trusted once its boxes span this many line heights across. */
const SLOPE_SPAN = 4
/** Slopes steeper than this (rise over run) are not a text line's: a page turned that far was levelled before. */
const MAX_SLOPE = 0.15

type Tracked<T> = { boxes: T[]; middles: Array<{ x: number; y: number }>; right: number; height: number }

const middleY = (box: Box) => (box.top + box.bottom) / 2
const middleX = (box: Box) => (box.left + box.right) / 2

/** The least-squares slope of the points, or null when they span too little across to tell. */
function slopeOf(points: Array<{ x: number; y: number }>, minSpan: number): number | null {
	if (points.length < 2 || points[points.length - 1].x - points[0].x < minSpan) return null
	const n = points.length
	const mx = points.reduce((sum, point) => sum + point.x, 0) / n
	const my = points.reduce((sum, point) => sum + point.y, 0) / n
	let num = 0
	let den = 0
	for (const point of points) {
		num += (point.x - mx) * (point.y - my)
		den += (point.x - mx) ** 2
	}
	if (den === 0) return null
	return Math.max(-MAX_SLOPE, Math.min(MAX_SLOPE, num / den))
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0
}

/**
 * The text lines of `items` (anything with a box: `boxOf`), top to bottom, each line's items left
 * to right. A line's path at a box: carried on from its last box by the line's own slope (from
 * its last few boxes, once they span a few line heights: a curve is followed piece by piece), or
 * by the page's slope (the median of the lines' own) while it is short.
 */
export function textLinesOf<T>(items: readonly T[], boxOf: (item: T) => Box): Array<TextLine<T>> {
	const lineHeight = median(items.map((item) => boxOf(item).bottom - boxOf(item).top)) || 1
	const sorted = [...items].sort((p, q) => boxOf(p).left - boxOf(q).left || middleY(boxOf(p)) - middleY(boxOf(q)))
	const lines: Array<Tracked<T>> = []
	const pageSlope = () =>
		median(lines.map((line) => slopeOf(line.middles.slice(-6), SLOPE_SPAN * lineHeight)).filter((slope): slope is number => slope !== null))
	let slope = 0
	let sinceSlope = 0
	/** where joined boxes sat against their line's path: a region of the page where lines bend (a column that sits higher) */
	const residuals: Array<{ x: number; y: number; residual: number }> = []
	const localOffset = (x: number, y: number) => {
		const near = residuals.filter((point) => Math.abs(point.x - x) <= 3 * lineHeight && Math.abs(point.y - y) <= 6 * lineHeight)
		return near.length >= 2 ? median(near.map((point) => point.residual)) : 0
	}
	for (const item of sorted) {
		const box = boxOf(item)
		const height = box.bottom - box.top
		const x = middleX(box)
		const y = middleY(box)
		// the page's slope, measured again now and then as lines grow
		if (sinceSlope++ >= 16) [slope, sinceSlope] = [pageSlope(), 0]
		const offset = localOffset(x, y)
		let best: Tracked<T> | null = null
		let bestDistance = Infinity
		let bestResidual = 0
		for (const line of lines) {
			if (box.left < line.right - OVERLAP_ALLOWANCE * Math.min(height, line.height)) continue
			const last = line.middles[line.middles.length - 1]
			const own = slopeOf(line.middles.slice(-6), SLOPE_SPAN * lineHeight)
			const path = last.y + (own ?? slope) * (x - last.x)
			// the path as carried on, or bent as the lines around it bend here
			const distance = Math.min(Math.abs(y - path), Math.abs(y - (path + offset)))
			if (distance <= JOIN_DISTANCE * Math.min(height, line.height) && distance < bestDistance) [best, bestDistance, bestResidual] = [line, distance, y - path]
		}
		if (best) {
			residuals.push({ x, y, residual: bestResidual })
			best.boxes.push(item)
			best.middles.push({ x, y })
			best.right = Math.max(best.right, box.right)
			best.height = median(best.boxes.map((other) => boxOf(other).bottom - boxOf(other).top))
		} else lines.push({ boxes: [item], middles: [{ x, y }], right: box.right, height })
	}
	const finalSlope = pageSlope()
	return lines
		.map((line) => ({
			boxes: line.boxes,
			top: Math.min(...line.boxes.map((item) => boxOf(item).top)),
			bottom: Math.max(...line.boxes.map((item) => boxOf(item).bottom)),
			// lines in reading order by where each crosses the page's left edge along the page's slope
			// (a sloping line's far end may sit lower than the next line's start)
			order: line.middles[0].y - finalSlope * line.middles[0].x,
		}))
		.sort((p, q) => p.order - q.order)
		.map(({ boxes, top, bottom }) => ({ boxes, top, bottom }))
}
