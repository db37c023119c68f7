import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { estimateDpi, median3x3, preprocessForOcr, scaleFor, stretchContrast } from './image-preprocess.ts'

describe('median3x3', () => {
	it('equals a sorted 3x3 median inside the borders', () => {
		const width = 23
		const height = 17
		const pixels = new Uint8Array(width * height)
		let seed = 7
		for (let i = 0; i < pixels.length; i++) {
			seed = (seed * 1103515245 + 12345) % 2147483648
			pixels[i] = seed % 3 === 0 ? 255 : seed % 256
		}
		const out = median3x3(pixels, width, height)
		for (let y = 1; y < height - 1; y++) {
			for (let x = 1; x < width - 1; x++) {
				const around: number[] = []
				for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) around.push(pixels[(y + dy) * width + x + dx])
				around.sort((a, b) => a - b)
				expect(out[y * width + x]).toBe(around[4])
			}
		}
	})

	it('removes an isolated speck', () => {
		const pixels = new Uint8Array(25).fill(255)
		pixels[12] = 0
		expect(median3x3(pixels, 5, 5)[12]).toBe(255)
	})
})

describe('stretchContrast', () => {
	it('maps grey paper to white and grey ink to black', () => {
		const pixels = new Uint8Array(1000).fill(210)
		pixels.fill(90, 0, 200)
		stretchContrast(pixels)
		expect(pixels[0]).toBe(0)
		expect(pixels[999]).toBe(255)
	})
})

describe('estimateDpi and scaleFor', () => {
	it('reads a letter page width as its resolution', () => {
		expect(estimateDpi(1700, 2200)).toBe(200)
		expect(estimateDpi(2550, 3300, 300)).toBe(300)
		expect(estimateDpi(2550, 3300, 72)).toBe(300)
	})

	it('scales towards 300 dpi within bounds', () => {
		expect(scaleFor(200, 300)).toBe(1.5)
		expect(scaleFor(290, 300)).toBe(1)
		expect(scaleFor(600, 300)).toBe(0.5)
		expect(scaleFor(200, 300, true)).toBe(1)
	})
})

describe('preprocessForOcr', () => {
	it('gives an 8-bit greyscale PGM scaled to 300 dpi', async () => {
		const image = await sharp({ create: { width: 170, height: 220, channels: 3, background: { r: 230, g: 225, b: 220 } } })
			.png()
			.withMetadata({ density: 20 })
			.toBuffer()
		const prepared = await preprocessForOcr(image, { dpi: 150 })
		expect(prepared.scale).toBe(2)
		expect(prepared.width).toBe(340)
		expect(prepared.image.subarray(0, 2).toString('latin1')).toBe('P5')
		const header = `P5\n340 440\n255\n`
		expect(prepared.image.length).toBe(header.length + 340 * 440)
	})

	it('also writes PNG', async () => {
		const raw = { data: new Uint8Array(100 * 130).fill(200), width: 100, height: 130, channels: 1 as const }
		const prepared = await preprocessForOcr(raw, { dpi: 300, format: 'png' })
		const metadata = await sharp(prepared.image).metadata()
		expect(metadata.format).toBe('png')
		expect(metadata.width).toBe(100)
	})
})
