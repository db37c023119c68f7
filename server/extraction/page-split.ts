/**
 * Splitting a page image in two for OCR on two cores at once: the cut goes
 * through a band of blank rows (no ink across the whole width, so no text
 * line is cut, even on a skewed scan), chosen so that both halves hold
 * about the same amount of text, counted in strokes (a dark heading bar is
 * a lot of ink but little text: balanced by dark pixels, a wellness report
 * was cut under its bar, one half holding nine tenths of the reading).
 */

/** Pixels darker than this count as ink. */
const INK_LEVEL = 140
/** A row with at most this share of ink pixels is blank (specks allowed). */
const BLANK_ROW_INK = 0.002
/** The farthest from an even split of the ink a cut may be (0.5 = anywhere). */
const MAX_IMBALANCE = 0.2

export type SplitOptions = {
	/** the shortest blank band to cut through, in rows; default 10 */
	minGapRows?: number
}

/** The row to cut the page at, or null when no blank band splits the text evenly enough. */
export function findSplitRow(pixels: Uint8Array, width: number, height: number, options: SplitOptions = {}): number | null {
	const minGap = options.minGapRows ?? 10
	/** dark pixels of each row (for blank rows) and the strokes that start in it (for the balance) */
	const ink = new Uint32Array(height)
	const strokes = new Uint32Array(height)
	for (let y = 0; y < height; y++) {
		let count = 0
		let starts = 0
		let wasInk = false
		const row = y * width
		for (let x = 0; x < width; x++) {
			const isInk = pixels[row + x] < INK_LEVEL
			if (isInk) count++
			if (isInk && !wasInk) starts++
			wasInk = isInk
		}
		ink[y] = count
		strokes[y] = starts
	}
	const blankLimit = width * BLANK_ROW_INK
	let total = 0
	for (let y = 0; y < height; y++) if (ink[y] > blankLimit) total += strokes[y]
	if (total === 0) return null
	let best: number | null = null
	let bestImbalance = MAX_IMBALANCE
	let above = 0
	let runStart = -1
	for (let y = 0; y <= height; y++) {
		const isBlank = y < height && ink[y] <= blankLimit
		if (isBlank && runStart < 0) runStart = y
		if (!isBlank) {
			if (runStart >= 0 && y - runStart >= minGap && runStart > 0 && y < height) {
				const imbalance = Math.abs(above / total - 0.5)
				if (imbalance < bestImbalance) {
					best = Math.floor((runStart + y) / 2)
					bestImbalance = imbalance
				}
			}
			runStart = -1
			if (y < height) above += strokes[y]
		}
	}
	return best
}
