import { createCanvas } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'
import { seededRandom } from '#tests/support/lab-corpus/content.ts'
import type { GreyImage } from './page-geometry.ts'
import { hasGreyPaper, thresholdPage } from './page-threshold.ts'

/**
 * A 300-dpi strip of a report: text on paper of the given grey, every other row shaded
 * `shade` grey levels darker, a heading bar with white letters, speckled with noise of `noise` grey levels.
 */
function drawPage({ paper, noise = 0, shade = 20 }: { paper: number; noise?: number; shade?: number }): GreyImage {
	const width = 900
	const height = 700
	const canvas = createCanvas(width, height)
	const context = canvas.getContext('2d')
	const grey = (level: number) => `rgb(${level},${level},${level})`
	context.fillStyle = grey(paper)
	context.fillRect(0, 0, width, height)
	// a heading bar: dark, with white letters
	context.fillStyle = grey(70)
	context.fillRect(20, 20, 860, 120)
	context.fillStyle = grey(250)
	context.font = 'bold 60px sans-serif'
	context.fillText('HEADING', 60, 105)
	for (let row = 0; row < 8; row++) {
		const top = 180 + row * 60
		if (row % 2 && shade) {
			context.fillStyle = grey(paper - shade)
			context.fillRect(20, top, 860, 60)
		}
		context.fillStyle = grey(30)
		context.font = '36px sans-serif'
		context.fillText(`Row ${row}   12.${row}   3.5-5.1`, 40, top + 44)
	}
	const rgba = context.getImageData(0, 0, width, height).data
	const pixels = new Uint8Array(width * height)
	const random = seededRandom(7)
	for (let i = 0; i < pixels.length; i++) pixels[i] = Math.max(0, Math.min(255, Math.round(rgba[i * 4] + (random.next() * 2 - 1) * noise)))
	return { pixels, width, height }
}

const at = (image: GreyImage, x: number, y: number) => image.pixels[y * image.width + x]

describe('hasGreyPaper', () => {
	it('tells grey, tinted or shaded paper from white paper', () => {
		expect(hasGreyPaper(drawPage({ paper: 255, shade: 0 }).pixels)).toBe(false)
		expect(hasGreyPaper(drawPage({ paper: 250, noise: 4, shade: 0 }).pixels)).toBe(false)
		expect(hasGreyPaper(drawPage({ paper: 215, noise: 10, shade: 0 }).pixels)).toBe(true)
		expect(hasGreyPaper(drawPage({ paper: 200 }).pixels)).toBe(true)
		// white paper with every other row shaded grey
		expect(hasGreyPaper(drawPage({ paper: 255, shade: 40 }).pixels)).toBe(true)
	})
})

describe('thresholdPage', () => {
	it('makes grey, shaded and speckled paper white and the text black', async () => {
		const page = drawPage({ paper: 210, noise: 14 })
		const binary = await thresholdPage(page, { dpi: 300 })
		expect(binary.pixels.every((value) => value === 0 || value === 255)).toBe(true)
		// paper, in a plain row and in a shaded one
		expect(at(binary, 880 - 30, 180 + 30)).toBe(255)
		expect(at(binary, 880 - 30, 240 + 30)).toBe(255)
		// almost no speckles left on the paper of the rows' right-hand side
		let dark = 0
		for (let y = 180; y < 660; y++) for (let x = 700; x < 880; x++) if (at(binary, x, y) === 0) dark++
		expect(dark / (480 * 180)).toBeLessThan(0.01)
		// the text is ink: a good share of the first row's text box is black
		let ink = 0
		for (let y = 190; y < 230; y++) for (let x = 40; x < 300; x++) if (at(binary, x, y) === 0) ink++
		expect(ink / (40 * 260)).toBeGreaterThan(0.08)
	})

	it('turns a dark heading bar with white letters into black letters on white paper', async () => {
		const binary = await thresholdPage(drawPage({ paper: 215, noise: 8 }), { dpi: 300 })
		// the bar, in its middle far from the letters, is paper now
		expect(at(binary, 700, 80)).toBe(255)
		expect(at(binary, 500, 40)).toBe(255)
		// and its letters are ink
		let ink = 0
		for (let y = 55; y < 105; y++) for (let x = 60; x < 340; x++) if (at(binary, x, y) === 0) ink++
		expect(ink / (50 * 280)).toBeGreaterThan(0.1)
	})

	it('leaves large bold digits and a ruled line as they are', async () => {
		const width = 900
		const height = 400
		const canvas = createCanvas(width, height)
		const context = canvas.getContext('2d')
		context.fillStyle = '#f0f0f0'
		context.fillRect(0, 0, width, height)
		context.fillStyle = '#141414'
		context.font = 'bold 150px sans-serif'
		context.fillText('808', 40, 200)
		context.fillRect(20, 300, 860, 8)
		const rgba = context.getImageData(0, 0, width, height).data
		const pixels = new Uint8Array(width * height)
		for (let i = 0; i < pixels.length; i++) pixels[i] = rgba[i * 4]
		const binary = await thresholdPage({ pixels, width, height }, { dpi: 300 })
		// the ruled line stays black, the paper around the digits white
		expect(at(binary, 450, 304)).toBe(0)
		expect(at(binary, 600, 100)).toBe(255)
		// the digits stay ink: a good share of their box is black
		let ink = 0
		for (let y = 90; y < 200; y++) for (let x = 40; x < 300; x++) if (at(binary, x, y) === 0) ink++
		expect(ink / (110 * 260)).toBeGreaterThan(0.3)
	})
})
