import { createCanvas } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'
import { deskewPage, flattenPage, orderCorners, resizePage, type GreyImage } from './page-geometry.ts'

/** A page of dark text lines (bars), drawn turned by `degrees`, optionally in perspective on a darker table. */
function drawPage({ degrees = 0, photo = false }: { degrees?: number; photo?: boolean }): GreyImage {
	const width = 800
	const height = 1000
	const canvas = createCanvas(width, height)
	const context = canvas.getContext('2d')
	context.fillStyle = photo ? '#5a4a3a' : '#ffffff'
	context.fillRect(0, 0, width, height)
	context.translate(width / 2, height / 2)
	context.rotate((degrees * Math.PI) / 180)
	context.translate(-width / 2, -height / 2)
	if (photo) {
		// a page narrower at the top (perspective), filling about half the picture
		context.fillStyle = '#f4f4f0'
		context.beginPath()
		context.moveTo(190, 120)
		context.lineTo(610, 120)
		context.lineTo(680, 880)
		context.lineTo(120, 880)
		context.closePath()
		context.fill()
	}
	context.fillStyle = '#202020'
	for (let y = 200; y < 820; y += 40) {
		for (let x = 220; x < 580; x += 60) context.fillRect(x, y, 48, 12)
	}
	const rgba = context.getImageData(0, 0, width, height).data
	const pixels = new Uint8Array(width * height)
	for (let i = 0; i < pixels.length; i++) pixels[i] = rgba[i * 4]
	return { pixels, width, height }
}

describe('orderCorners', () => {
	it('orders four points top-left, top-right, bottom-right, bottom-left', () => {
		const ordered = orderCorners([
			{ x: 90, y: 95 },
			{ x: 10, y: 5 },
			{ x: 5, y: 90 },
			{ x: 95, y: 10 },
		])
		expect(ordered).toEqual([
			{ x: 10, y: 5 },
			{ x: 95, y: 10 },
			{ x: 90, y: 95 },
			{ x: 5, y: 90 },
		])
	})
})

describe('flattenPage', () => {
	it('finds the page of a photo and warps it to an upright rectangle of the page size', async () => {
		const flat = await flattenPage(drawPage({ photo: true }))
		expect(flat).not.toBeNull()
		// the page's longer edges: 560 wide at the bottom, about 763 tall along the sides
		expect(flat!.width).toBeGreaterThan(540)
		expect(flat!.width).toBeLessThan(580)
		expect(flat!.height).toBeGreaterThan(740)
		expect(flat!.height).toBeLessThan(790)
		// no dark table left at the corners
		expect(flat!.pixels[2 * flat!.width + 2]).toBeGreaterThan(200)
		expect(flat!.pixels[flat!.pixels.length - 3 * flat!.width - 3]).toBeGreaterThan(200)
	})

	it('leaves a scan (the page is the whole picture) alone', async () => {
		expect(await flattenPage(drawPage({}))).toBeNull()
	})

	it('leaves alone a photo cropped to the paper whose table is framed by lines, header and footer outside the frame', async () => {
		const width = 700
		const height = 780
		const canvas = createCanvas(width, height)
		const context = canvas.getContext('2d')
		context.fillStyle = '#e2e0dc'
		context.fillRect(0, 0, width, height)
		context.fillStyle = '#303030'
		// a header and a footer line of text above and below the frame
		for (const y of [24, 60, 730]) for (let x = 30; x < 640; x += 90) context.fillRect(x, y, 60, 14)
		// the table's frame: rules across the page, the rows of text inside
		context.fillRect(0, 100, width, 4)
		context.fillRect(0, 700, width, 4)
		for (let y = 130; y < 680; y += 30) for (let x = 40; x < 600; x += 110) context.fillRect(x, y, 70, 12)
		const rgba = context.getImageData(0, 0, width, height).data
		const pixels = new Uint8Array(width * height)
		for (let i = 0; i < pixels.length; i++) pixels[i] = rgba[i * 4]
		expect(await flattenPage({ pixels, width, height })).toBeNull()
	})
})

describe('deskewPage', () => {
	it('measures the slant of the text lines and turns them level', async () => {
		const level = await deskewPage(drawPage({ degrees: 2 }))
		expect(level).not.toBeNull()
		expect(Math.abs(level!.degrees - 2)).toBeLessThan(0.4)
		// levelled: the first line of bars is one band again (its rows dark across the line, blank above and below)
		expect(await deskewPage(level!)).toBeNull()
	})

	it('leaves a level page alone', async () => {
		expect(await deskewPage(drawPage({}))).toBeNull()
	})
})

describe('resizePage', () => {
	it('scales a page up and down to the asked size, keeping what is drawn where it was', async () => {
		const page = drawPage({})
		const up = await resizePage(page, 1.5)
		expect([up.width, up.height, up.pixels.length]).toEqual([1200, 1500, 1200 * 1500])
		// the first bar (x 220-268, y 200-212) lands at 1.5 times its place, paper around it stays white
		expect(up.pixels[Math.round(206 * 1.5) * 1200 + Math.round(240 * 1.5)]).toBeLessThan(60)
		expect(up.pixels[Math.round(180 * 1.5) * 1200 + Math.round(240 * 1.5)]).toBeGreaterThan(240)
		const down = await resizePage(page, 0.5)
		expect([down.width, down.height]).toEqual([400, 500])
		expect(down.pixels[103 * 400 + 120]).toBeLessThan(60)
	})
})
