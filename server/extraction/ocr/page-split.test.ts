import { describe, expect, it } from 'vitest'
import { findSplitRow } from './page-split.ts'
import { recognizePage } from './ocr-page.ts'
import type { OcrEngine } from '../types.ts'

/** A white page with dark 'text lines' at the given row ranges. */
function page(width: number, height: number, lines: Array<[number, number]>): Uint8Array {
	const pixels = new Uint8Array(width * height).fill(255)
	for (const [from, to] of lines) for (let y = from; y < to; y++) pixels.fill(0, y * width + 10, y * width + width - 10)
	return pixels
}

describe('findSplitRow', () => {
	it('cuts through the blank band that halves the text', () => {
		const lines: Array<[number, number]> = [
			[10, 20],
			[30, 40],
			[50, 60],
			[100, 110],
			[120, 130],
			[140, 150],
		]
		const cut = findSplitRow(page(100, 200, lines), 100, 200)
		expect(cut).toBeGreaterThanOrEqual(60)
		expect(cut).toBeLessThan(100)
	})

	it('never cuts through ink, and gives up when no band splits evenly', () => {
		expect(findSplitRow(page(100, 200, [[0, 200]]), 100, 200)).toBeNull()
		expect(
			findSplitRow(
				page(100, 200, [
					[10, 20],
					[22, 180],
				]),
				100,
				200,
			),
		).toBeNull()
		expect(findSplitRow(new Uint8Array(100 * 50).fill(255), 100, 50)).toBeNull()
	})

	it('balances the text, not the ink: a dark heading bar counts as little text', () => {
		const width = 1000
		const pixels = new Uint8Array(width * 400).fill(255)
		// a solid bar, rows 10-60, then eight lines of 'letters' (many short strokes)
		for (let y = 10; y < 60; y++) pixels.fill(0, y * width, y * width + width)
		for (let line = 0; line < 8; line++) {
			for (let y = 80 + line * 40; y < 100 + line * 40; y++) for (let x = 20; x < 980; x += 10) pixels.fill(0, y * width + x, y * width + x + 4)
		}
		const cut = findSplitRow(pixels, width, 400)
		// between the fourth and the fifth line, not under the bar
		expect(cut).toBeGreaterThanOrEqual(220)
		expect(cut).toBeLessThan(240)
	})

	it("cuts across vertical rules and a scan's dark, skewed edges, not across a dark sidebar", () => {
		const width = 1000
		const height = 1000
		/** lines of text 20 rows high, 40 apart, with a wider band in the middle */
		const lines: Array<[number, number]> = [20, 60, 100, 140, 180, 220, 260, 300, 340, 380, 560, 600, 640, 680, 720, 760, 800, 840, 880, 920].map((top) => [
			top,
			top + 20,
		])
		const framed = page(width, height, lines)
		for (let y = 0; y < height; y++) {
			// a table's rules, and dark edges that drift by a few pixels down the page
			for (const x of [100, 500, 900]) framed.fill(0, y * width + x, y * width + x + 3)
			const drift = Math.floor(y / 250)
			framed.fill(0, y * width + drift, y * width + drift + 6)
			framed.fill(0, y * width + width - 8 - drift, y * width + width - drift)
		}
		const cut = findSplitRow(framed, width, height)
		expect(cut).toBeGreaterThan(400)
		expect(cut).toBeLessThan(560)
		// a dark band a fifth of the page wide may hold light text: no row across it is blank
		const sidebar = page(width, height, lines)
		for (let y = 0; y < height; y++) sidebar.fill(0, y * width + 200, y * width + 400)
		expect(findSplitRow(sidebar, width, height)).toBeNull()
	})

	it('ignores specks in a blank band', () => {
		const pixels = page(1000, 200, [
			[10, 60],
			[120, 170],
		])
		pixels[90 * 1000 + 500] = 0
		const cut = findSplitRow(pixels, 1000, 200)
		expect(cut).toBeGreaterThan(60)
		expect(cut).toBeLessThan(120)
	})
})

describe('recognizePage', () => {
	function recordingEngine(parallelism: number): OcrEngine & { sizes: string[] } {
		const sizes: string[] = []
		return {
			name: 'recording',
			parallelism,
			sizes,
			async recognize(image: Buffer) {
				const header = image.subarray(0, 20).toString('latin1').split('\n')
				sizes.push(header[1])
				return { text: `part ${sizes.length}\n`, ms: 1 }
			},
		}
	}

	const raw = {
		data: page(850, 1100, [
			[100, 140],
			[200, 240],
			[700, 740],
			[800, 840],
		]),
		width: 850,
		height: 1100,
		channels: 1 as const,
	}

	it('reads a page in two halves when the engine runs two at once', async () => {
		const engine = recordingEngine(2)
		const result = await recognizePage(engine, raw, { dpi: 300 })
		expect(result.parts).toBe(2)
		expect(engine.sizes).toHaveLength(2)
		expect(engine.sizes.map((size) => Number(size.split(' ')[1])).reduce((a, b) => a + b)).toBe(1100)
		expect(result.text).toBe('part 1\npart 2\n')
	})

	it('reads the whole page with a single-slot engine or when told not to split', async () => {
		expect((await recognizePage(recordingEngine(1), raw, { dpi: 300 })).parts).toBe(1)
		expect((await recognizePage(recordingEngine(2), raw, { dpi: 300, split: false })).parts).toBe(1)
	})
})
