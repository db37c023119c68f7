import { describe, expect, it } from 'vitest'
import { seededRandom } from '#tests/support/lab-corpus/content.ts'
import { readReportPage } from './ocr-page.ts'
import type { OcrEngine } from './types.ts'

/**
 * How a report page is read: which preparation (grey or black and white) the engine sees
 * first, and when a page is read a second time. A recording engine stands in for tesseract.
 */

const GOOD_READING = ['Sodium       140   mmol/L   136-145', 'Potassium    4.1   mmol/L   3.5-5.1', 'Chloride     101   mmol/L   98-107'].join('\n')
const POOR_READING = ['Sodium       l4O   mmo1/L   136-145', 'Potassium    $.|   mmol/L   3.5-5.1', 'Chloride     S)    mmol/L   98-107'].join('\n')

/**
 * A 300-dpi page: paper of the given grey (speckled with ±`noise` grey levels, as a scan's is)
 * with dark text bars, their edges grey as printed text's are.
 */
function page(paper: number, noise = 0) {
	const width = 1200
	const height = 1500
	const data = new Uint8Array(width * height)
	const random = seededRandom(11)
	for (let i = 0; i < data.length; i++) data[i] = Math.min(255, Math.round(paper + (random.next() * 2 - 1) * noise))
	for (let y = 200; y < 1300; y += 60) {
		for (let x = 150; x < 1000; x++) {
			const level = x % 90 < 70 ? 35 : x % 90 === 70 ? 140 : null
			if (level !== null) for (let row = y; row < y + 24; row++) data[row * width + x] = level
		}
	}
	return { data, width, height, channels: 1 as const }
}

/** Is a PGM's picture only black and white? */
function isBlackAndWhite(pgm: Buffer): boolean {
	const header = pgm.subarray(0, 30).toString('latin1')
	const start = header.indexOf('255\n') + 4
	return pgm.subarray(start).every((value) => value === 0 || value === 255)
}

function recordingEngine(readings: string[]) {
	const seen: Array<'black and white' | 'grey'> = []
	const engine: OcrEngine = {
		name: 'recording',
		async recognize(image) {
			seen.push(isBlackAndWhite(image) ? 'black and white' : 'grey')
			return { text: readings[Math.min(seen.length - 1, readings.length - 1)], ms: 1, languages: ['eng'] }
		},
	}
	return { engine, seen }
}

describe('readReportPage', () => {
	it('reads a page on white paper in grey, once when it reads well', async () => {
		const { engine, seen } = recordingEngine([GOOD_READING])
		const result = await readReportPage(engine, page(255), 300)
		expect(seen).toEqual(['grey'])
		expect(result.text).toBe(GOOD_READING)
		expect(result.otherReading).toBeUndefined()
	})

	it('reads a page on grey paper in black and white first', async () => {
		const { engine, seen } = recordingEngine([GOOD_READING])
		await readReportPage(engine, page(205, 12), 300)
		expect(seen).toEqual(['black and white'])
	})

	it('reads a poorly read page again prepared the other way and keeps the better reading', async () => {
		const white = recordingEngine([POOR_READING, GOOD_READING])
		const fromWhite = await readReportPage(white.engine, page(255), 300)
		expect(white.seen).toEqual(['grey', 'black and white'])
		expect(fromWhite.text).toBe(GOOD_READING)
		expect(fromWhite.otherReading).toBe(POOR_READING)

		const grey = recordingEngine([POOR_READING, GOOD_READING])
		await readReportPage(grey.engine, page(205, 12), 300)
		expect(grey.seen).toEqual(['black and white', 'grey'])
	})

	it('keeps the first reading when the second is no better', async () => {
		const { engine } = recordingEngine([POOR_READING, 'nothing legible'])
		const result = await readReportPage(engine, page(255), 300)
		expect(result.text).toBe(POOR_READING)
		expect(result.otherReading).toBe('nothing legible')
	})
})
