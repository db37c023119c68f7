import { describe, expect, it } from 'vitest'
import { seededRandom } from '#tests/support/lab-corpus/content.ts'
import { hasDoubtfulDigits, needsPaddleToo, preferredReading, readReportPage, readsUpright, resultLikeLines } from './ocr-page.ts'
import type { OcrEngine, OcrWord } from '../types.ts'
import { countResultRows } from '../rows/row-count.ts'

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
		const result = await readReportPage(engine, page(255), { dpi: 300, countRows: countResultRows })
		expect(seen).toEqual(['grey'])
		expect(result.text).toBe(GOOD_READING)
		expect(result.otherReading).toBeUndefined()
	})

	it('reads a page on grey paper in black and white first', async () => {
		const { engine, seen } = recordingEngine([GOOD_READING])
		await readReportPage(engine, page(205, 12), { dpi: 300, countRows: countResultRows })
		expect(seen).toEqual(['black and white'])
	})

	it('reads a poorly read page again prepared the other way and keeps the better reading', async () => {
		const white = recordingEngine([POOR_READING, GOOD_READING])
		const fromWhite = await readReportPage(white.engine, page(255), { dpi: 300, countRows: countResultRows })
		expect(white.seen).toEqual(['grey', 'black and white'])
		expect(fromWhite.text).toBe(GOOD_READING)
		expect(fromWhite.otherReading).toBe(POOR_READING)

		const grey = recordingEngine([POOR_READING, GOOD_READING])
		await readReportPage(grey.engine, page(205, 12), { dpi: 300, countRows: countResultRows })
		expect(grey.seen).toEqual(['black and white', 'grey'])
	})

	it('keeps the first reading when the second is no better', async () => {
		const { engine } = recordingEngine([POOR_READING, 'nothing legible'])
		const result = await readReportPage(engine, page(255), { dpi: 300, countRows: countResultRows })
		expect(result.text).toBe(POOR_READING)
		expect(result.otherReading).toBe('nothing legible')
	})
})

describe('PaddleOCR beside tesseract', () => {
	const failing: OcrEngine = {
		name: 'paddle',
		async recognize() {
			throw new Error('models not loaded')
		},
	}

	it('keeps a page tesseract reads well without asking PaddleOCR', async () => {
		const paddle = recordingEngine([GOOD_READING])
		const tesseract = recordingEngine([GOOD_READING])
		const result = await readReportPage(tesseract.engine, page(205, 12), { dpi: 300, paddle: paddle.engine, countRows: countResultRows })
		expect(tesseract.seen).toEqual(['black and white'])
		expect(paddle.seen).toEqual([])
		expect(result.text).toBe(GOOD_READING)
		expect(result.otherReading).toBeUndefined()
	})

	it('asks PaddleOCR too when tesseract reads the page poorly both ways, in grey, and keeps the better reading', async () => {
		const paddle = recordingEngine([GOOD_READING])
		const tesseract = recordingEngine([POOR_READING, POOR_READING])
		const result = await readReportPage(tesseract.engine, page(205, 12), { dpi: 300, paddle: paddle.engine, countRows: countResultRows })
		// Paddle sees the page in grey, even on grey paper (tesseract read it in black and white first)
		expect(tesseract.seen).toEqual(['black and white', 'grey'])
		expect(paddle.seen).toEqual(['grey'])
		expect(result.text).toBe(GOOD_READING)
		expect(result.otherReading).toBe(POOR_READING)

		const better = recordingEngine(['nothing legible', 'nothing legible'])
		const worse = recordingEngine(['nothing legible either'])
		const kept = await readReportPage(better.engine, page(255), { dpi: 300, paddle: worse.engine, countRows: countResultRows })
		expect(kept.text).toBe('nothing legible')
		expect(kept.otherReading).toBe('nothing legible either')
	})

	it('asks PaddleOCR too when tesseract read the numbers of a complete-looking page with doubt, and keeps its reading', async () => {
		// every row reads complete, but most of the numbers were read with low confidence
		const numbers = ['140', '136-145', '4.1', '3.5-5.1', '101', '98-107', '2.4', '1.7-2.4', '9.6', '8.6-10.3']
		const doubtful = numbers.map((text, index) => ({
			block: 1,
			paragraph: 1,
			line: index,
			left: 300,
			top: index * 30,
			width: 60,
			height: 20,
			confidence: index % 2 ? 88 : 34,
			text,
		}))
		const seen: string[] = []
		const tesseract: OcrEngine = {
			name: 'tesseract',
			async recognize(image) {
				seen.push(isBlackAndWhite(image) ? 'black and white' : 'grey')
				return { text: GOOD_READING, ms: 1, languages: ['eng'], words: doubtful }
			},
		}
		const paddleReading = GOOD_READING.replace('140', '146')
		const paddle = recordingEngine([paddleReading])
		const result = await readReportPage(tesseract, page(255), { dpi: 300, paddle: paddle.engine, countRows: countResultRows })
		expect(seen).toEqual(['grey', 'black and white'])
		expect(paddle.seen).toEqual(['grey'])
		expect(result.text).toBe(paddleReading)
		expect(result.otherReading).toBe(GOOD_READING)
	})

	it('reads with tesseract alone when PaddleOCR fails', async () => {
		const tesseract = recordingEngine([POOR_READING, POOR_READING])
		const result = await readReportPage(tesseract.engine, page(255), { dpi: 300, paddle: failing, countRows: countResultRows })
		expect(tesseract.seen).toEqual(['grey', 'black and white'])
		expect(result.text).toBe(POOR_READING)
	})

	it('chooses by complete rows, then rows; a tie goes to tesseract', () => {
		const score = (rows: number, complete: number, rowLike: number, hasDoubtfulDigits = false, resultLike = rowLike) => ({
			rows,
			complete,
			rowLike,
			resultLike,
			hasDoubtfulDigits,
		})
		expect(needsPaddleToo(score(3, 3, 3))).toBe(false)
		expect(needsPaddleToo(score(2, 2, 2))).toBe(true)
		expect(needsPaddleToo(score(8, 8, 10))).toBe(true)
		// rows read without the unit or range the page's other rows print: misread cells
		expect(needsPaddleToo(score(13, 10, 14))).toBe(true)
		// one row or one in ten without them (a ratio, a pH), or a page that prints no ranges at all
		expect(needsPaddleToo(score(12, 11, 12))).toBe(false)
		expect(needsPaddleToo(score(11, 9, 12))).toBe(true)
		expect(needsPaddleToo(score(20, 18, 21))).toBe(false)
		expect(needsPaddleToo(score(9, 0, 9))).toBe(false)
		expect(preferredReading(score(5, 3, 6), score(4, 4, 6))).toBe('tesseract')
		expect(preferredReading(score(5, 4, 6), score(6, 4, 6))).toBe('tesseract')
		expect(preferredReading(score(5, 4, 6), score(5, 4, 6))).toBe('tesseract')
		expect(preferredReading(score(1, 1, 6), score(0, 0, 0))).toBe('paddle')
	})

	it('where the row reader finds nothing in either, keeps the reading with clearly more lines like result rows in any script', () => {
		const score = (resultLike: number) => ({ rows: 0, complete: 0, rowLike: 0, resultLike, hasDoubtfulDigits: false })
		expect(preferredReading(score(20), score(1))).toBe('paddle')
		expect(preferredReading(score(4), score(3))).toBe('tesseract')
		expect(preferredReading(score(2), score(0))).toBe('tesseract')
		expect(preferredReading(score(0), score(12))).toBe('tesseract')
	})

	it('counts lines like result rows in any script, not dates', () => {
		const chinese = ['白细胞计数  6.5  10^9/L  3.5~9.5', '红细胞计数  4.61  10^12/L  4.3~5.8', '血红蛋白  142  g/L  130~175', '采样时间 2024-02-13 08:30'].join(
			'\n',
		)
		expect(resultLikeLines(chinese)).toBe(3)
		expect(resultLikeLines(['Лейкоциты  6,5  4,0-9,0', 'Hemácias  4,35  4,00 a 5,50'].join('\n'))).toBe(2)
		expect(resultLikeLines(['~~ ,. l1 ;:', 'Date 12.03.2024 10:15:00'].join('\n'))).toBe(0)
	})

	it('keeps PaddleOCR’s reading of a page tesseract reads as noise, in a script the row reader does not know', async () => {
		const rows = [
			'白细胞计数  6.5  10^9/L  3.5~9.5',
			'红细胞计数  4.61  10^12/L  4.3~5.8',
			'血红蛋白  142  g/L  130~175',
			'血小板计数  210  10^9/L  125~350',
		].join('\n')
		const paddle = recordingEngine([rows])
		const tesseract = recordingEngine(['~ ,l1 ;: 4Ff', '. ,, ~ 1'])
		const noRows = () => ({ rows: 0, complete: 0 })
		const result = await readReportPage(tesseract.engine, page(255), { dpi: 300, paddle: paddle.engine, countRows: noRows })
		expect(result.text).toBe(rows)
	})

	it('reads a page whose numbers tesseract read with doubt with Paddle too, and keeps Paddle where it read the page well', () => {
		const score = (rows: number, complete: number, rowLike: number, hasDoubtfulDigits = false, resultLike = rowLike) => ({
			rows,
			complete,
			rowLike,
			resultLike,
			hasDoubtfulDigits,
		})
		expect(needsPaddleToo(score(12, 12, 12, true))).toBe(true)
		expect(preferredReading(score(10, 9, 11), score(12, 12, 12, true))).toBe('paddle')
		// Paddle's reading poor as well: the rows decide
		expect(preferredReading(score(2, 2, 11), score(12, 12, 12, true))).toBe('tesseract')
	})

	it('finds doubtful digits by the share of numbers read with low confidence', () => {
		const words = (confidences: number[], text = '12.5') =>
			confidences.map((confidence, index) => ({ block: 1, paragraph: 1, line: index, left: 0, top: index * 20, width: 40, height: 12, confidence, text }))
		const names = words([20, 20, 20, 20, 20, 20], 'Hemoglobin')
		// two in ten numbers under 50: doubtful; one in ten: not
		expect(hasDoubtfulDigits([...words([96, 91, 88, 93, 95, 90, 97, 89, 31, 42]), ...names])).toBe(true)
		expect(hasDoubtfulDigits([...words([96, 91, 88, 93, 95, 90, 97, 89, 92, 42]), ...names])).toBe(false)
		// too few numbers to judge, low confidence in words is not counted, no boxes at all
		expect(hasDoubtfulDigits(words([10, 20, 30, 40]))).toBe(false)
		expect(hasDoubtfulDigits(names)).toBe(false)
		expect(hasDoubtfulDigits(undefined)).toBe(false)
		// a bracketed number counts ('(4.5-11.0)')
		expect(hasDoubtfulDigits(words([30, 30, 90, 90, 90, 90, 90, 90, 90, 90], '(4.5-11.0)'))).toBe(true)
	})
})

describe('a page read upright is not asked for its orientation', () => {
	const word = (text: string, confidence: number): OcrWord => ({ block: 1, paragraph: 1, line: 1, left: 0, top: 0, width: 10, height: 10, confidence, text })
	/** a page of panels read upright: many sure words, no result rows */
	const upright = Array.from({ length: 20 }, (_, n) => word(['Haemoglobin', 'Patient', 'Report', 'Glucose'][n % 4], 92))
	/** a page read sideways: fragments, short or unsure */
	const sideways = [...Array.from({ length: 40 }, () => word('ll', 95)), ...Array.from({ length: 30 }, () => word('Wmrn', 40)), ...upright.slice(0, 14)]

	it('counts sure words of four letters or more', () => {
		expect(readsUpright(upright)).toBe(true)
		expect(readsUpright(sideways)).toBe(false)
		expect(readsUpright(upright.slice(0, 14))).toBe(false)
		expect(readsUpright(undefined)).toBe(false)
	})

	function orientationEngine(words: OcrWord[]) {
		let asked = 0
		const engine: OcrEngine = {
			name: 'recording',
			async recognize() {
				return { text: 'Patient Report\nHaemoglobin Glucose', ms: 1, languages: ['eng'], words }
			},
			async detectOrientation() {
				asked++
				return null
			},
		}
		return { engine, asked: () => asked }
	}

	it('asks OSD only when next to nothing was read and the words read are not sure ones', async () => {
		const sure = orientationEngine(upright)
		await readReportPage(sure.engine, page(255), { dpi: 300, countRows: countResultRows })
		expect(sure.asked()).toBe(0)
		const unsure = orientationEngine(sideways)
		await readReportPage(unsure.engine, page(255), { dpi: 300, countRows: countResultRows })
		expect(unsure.asked()).toBe(1)
	})
})
