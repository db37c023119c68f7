/**
 * Splitting a page image in two for OCR on two cores at once: the cut goes
 * through a band of blank rows (no ink across the whole width, so no text
 * line is cut, even on a skewed scan), chosen so that both halves hold
 * about the same amount of text, counted in strokes (a dark heading bar is
 * a lot of ink but little text: balanced by dark pixels, a wellness report
 * was cut under its bar, one half holding nine tenths of the reading).
 * Ink in the page's outer margins (a scan's dark, skewed edge) and in the
 * columns of vertical lines (a table's or a frame's rules) is left
 * out of the count: it crosses every row, and a page framed by it had no blank
 * row at all (a real scan with dark edges was read whole, on one core: 0.9 s a
 * reading instead of 0.5).
 */

/** Pixels darker than this count as ink. */
const INK_LEVEL = 140
/** A row with at most this share of ink pixels is blank (specks allowed). */
const BLANK_ROW_INK = 0.002
/** The farthest from an even split of the ink a cut may be (0.5 = anywhere). */
const MAX_IMBALANCE = 0.2
/** A column inked without a break down more than this share of the page is a rule, not text. */
const RULE_MIN_LENGTH = 0.2
/** The widest run of such columns, as a share of the width, that is a rule. */
const RULE_MAX_WIDTH = 0.01
/** The share of the width on each side where ink is a scan's edge, not text. */
const EDGE_MARGIN = 0.03

export type SplitOptions = {
	/** the shortest blank band to cut through, in rows; default 10 */
	minGapRows?: number
}

/** The row to cut the page at, or null when no blank band splits the text evenly enough. */
export function findSplitRow(pixels: Uint8Array, width: number, height: number, options: SplitOptions = {}): number | null {
	const minGap = options.minGapRows ?? 10
	const isRule = ruleColumns(pixels, width, height)
	const margin = Math.floor(width * EDGE_MARGIN)
	isRule.fill(1, 0, margin)
	isRule.fill(1, width - margin)
	/** dark pixels of each row (for blank rows) and the strokes that start in it (for the balance) */
	const ink = new Uint32Array(height)
	const strokes = new Uint32Array(height)
	for (let y = 0; y < height; y++) {
		let count = 0
		let starts = 0
		let wasInk = false
		const row = y * width
		for (let x = 0; x < width; x++) {
			const isInk = pixels[row + x] < INK_LEVEL && isRule[x] === 0
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

/**
 * 1 for each column of a vertical rule, else 0: a run of columns each inked without a break down
 * more than RULE_MIN_LENGTH of the page (text is broken at every line), no wider than
 * RULE_MAX_WIDTH of the page. A wider dark band (a sidebar, a picture) may hold text printed light
 * on dark, and a cut across it is not blank.
 */
function ruleColumns(pixels: Uint8Array, width: number, height: number): Uint8Array {
	const run = new Uint32Array(width)
	const longest = new Uint32Array(width)
	for (let y = 0; y < height; y++) {
		const row = y * width
		for (let x = 0; x < width; x++) {
			if (pixels[row + x] < INK_LEVEL) {
				run[x]++
				if (run[x] > longest[x]) longest[x] = run[x]
			} else run[x] = 0
		}
	}
	const isLine = (x: number) => longest[x] > height * RULE_MIN_LENGTH
	const isRule = new Uint8Array(width)
	const widest = Math.max(1, Math.floor(width * RULE_MAX_WIDTH))
	for (let x = 0; x < width;) {
		if (!isLine(x)) {
			x++
			continue
		}
		let end = x
		while (end < width && isLine(end)) end++
		if (end - x <= widest) isRule.fill(1, x, end)
		x = end
	}
	return isRule
}
