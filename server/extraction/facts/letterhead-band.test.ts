import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { parsePgm } from '../ocr/paddle-engine.ts'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import {
	BAND_WIDTH,
	LETTERHEAD_BAND,
	letterheadBandImage,
	MAX_RENDERED_WIDTH,
	pictureWords,
	providerOfLetterhead,
	renderLetterheadBand,
	type Letterhead,
} from './letterhead-band.ts'
import { openPdf } from '../pages/pdf-text.ts'
import type { OcrEngine, OcrWord } from '../types.ts'
import { captureProcessOutput } from '../../../tests/support/captured-output.ts'

/** A grey page of this size, white, with a dark square at its top left. */
function page(width: number, height: number) {
	const pixels = new Uint8Array(width * height).fill(255)
	for (let y = 0; y < 10; y++) pixels.fill(0, y * width, y * width + 10)
	return { pixels, width, height }
}

function word(text: string, left: number, top: number, height: number): OcrWord {
	return { block: 1, paragraph: 1, line: top, left, top, width: text.length * height * 0.6, height, confidence: 90, text }
}

/** An engine that reads these words off any picture, and counts the pictures it was given. */
function engineReading(words: OcrWord[]): OcrEngine & { pictures: Buffer[] } {
	const pictures: Buffer[] = []
	return {
		name: 'paddle',
		pictures,
		async recognize(image: Buffer) {
			pictures.push(image)
			return { text: words.map((read) => read.text).join(' '), ms: 1, words }
		},
	}
}

/** Body-size words under a letterhead: field labels and values. */
const fields = Array.from({ length: 12 }, (_, index) => word(`Field ${index}:`, 40, 200 + index * 30, 20))

const blankBand = { data: new Uint8Array(400 * 100 * 4).fill(255), width: 400, height: 100, channels: 4 as const }

const scanned: Letterhead = { source: 'ocr', image: { data: page(600, 800).pixels, width: 600, height: 800, channels: 1 } }

describe('letterheadBandImage', () => {
	it("cuts the page's top band and scales a small page up to the band's width, a large one not at all", async () => {
		const small = parsePgm(await letterheadBandImage(page(600, 800)))
		expect(small?.width).toBe(BAND_WIDTH)
		expect(small?.height).toBe(Math.round(800 * LETTERHEAD_BAND * (BAND_WIDTH / 600)))
		// the square at the top left is still there, scaled
		expect(small?.pixels[5 * BAND_WIDTH + 5]).toBeLessThan(64)
		const large = parsePgm(await letterheadBandImage(page(2480, 3508)))
		expect([large?.width, large?.height]).toEqual([2480, Math.round(3508 * LETTERHEAD_BAND)])
	})
})

/** A one-page PDF of this size (points) with a line of text 40 points from the top left. */
async function pdfPage(width: number, height: number): Promise<Uint8Array> {
	const pdf = await PDFDocument.create()
	const page = pdf.addPage([width, height])
	page.drawText('Patient: A. Sample', { x: 40, y: height - 40, size: 10, font: await pdf.embedFont(StandardFonts.Helvetica) })
	return pdf.save()
}

describe('renderLetterheadBand', () => {
	it("renders a text PDF's top band at 200 dpi, with its text items' boxes in the band's pixels", async () => {
		const doc = await openPdf(await pdfPage(595, 842))
		try {
			const band = await renderLetterheadBand(doc)
			expect([band.image.width, band.image.height]).toEqual([Math.ceil((595 * 200) / 72), Math.ceil(((842 * 200) / 72) * LETTERHEAD_BAND)])
			expect(band.textBoxes).toHaveLength(1)
			const [item] = band.textBoxes
			// 40 points from the left and the baseline 40 points from the top, at 200/72 pixels a point
			expect(item.left).toBeCloseTo((40 * 200) / 72, 0)
			expect(item.bottom).toBeGreaterThan((40 * 200) / 72)
			expect(item.top).toBeLessThan((40 * 200) / 72 - 10)
		} finally {
			await doc.destroy()
		}
	})

	it('renders a poster-size page no wider than MAX_RENDERED_WIDTH', async () => {
		const doc = await openPdf(await pdfPage(3000, 2000))
		try {
			expect((await renderLetterheadBand(doc)).image.width).toBeLessThanOrEqual(MAX_RENDERED_WIDTH)
		} finally {
			await doc.destroy()
		}
	})
})

describe('pictureWords', () => {
	it('keeps the words read off pictures: those whose middle lies in no text item', () => {
		const text = [{ text: 'Patient:', left: 100, right: 200, top: 100, bottom: 130 }]
		const read = [
			{ text: 'Patient:', left: 102, right: 198, top: 104, bottom: 128 },
			{ text: 'ARVALIS', left: 100, right: 300, top: 20, bottom: 80 },
		]
		expect(pictureWords(read, text).map((word) => word.text)).toEqual(['ARVALIS'])
	})
})

describe('providerOfLetterhead', () => {
	let written: string[]
	beforeAll(() => {
		written = captureProcessOutput()
	})
	afterAll(() => {
		vi.restoreAllMocks()
	})

	it("names the provider a scanned page's letterhead band holds: a name stacked in display type", async () => {
		const engine = engineReading([word('KESWICK', 300, 20, 60), word('DIAGNOSTIC', 240, 90, 60), word('CENTRE', 280, 160, 60), ...fields])
		expect(await providerOfLetterhead(scanned, 'lab_report', 'Glucose 92 mg/dL', () => engine)).toBe('Keswick Diagnostic Centre')
		expect(engine.pictures).toHaveLength(1)
	})

	it("reads the words of a text PDF's pictures in its rendered band, whatever their size, and gives OCR's unaccented words their accents", async () => {
		const fieldBoxes = fields.map((read) => ({
			text: read.text,
			left: read.left - 2,
			right: read.left + read.width + 2,
			top: read.top - 2,
			bottom: read.top + read.height + 2,
		}))
		const render = vi.fn(async () => ({ image: blankBand, textBoxes: fieldBoxes }))
		// the logo's words no larger than the text layer's
		const engine = engineReading([
			word('LABORATORIO', 120, 20, 18),
			word('ARVALIS', 100, 42, 24),
			word('ANALISES', 110, 70, 14),
			word('CLINICAS', 205, 70, 14),
			...fields,
		])
		const portuguese = 'Exame Resultado Unidade Valor de Referência\nHemácias 4,8 milhões/mm³\nColeta: 18/06/2026'
		expect(await providerOfLetterhead({ source: 'text', render }, 'lab_report', portuguese, () => engine)).toBe('Laboratório Arvalis Análises Clínicas')
		expect(render).toHaveBeenCalledTimes(1)
	})

	it("names none from words of a text PDF's band that its text layer holds: the text was read already", async () => {
		const name = word('Kestrel Hospital', 100, 20, 40)
		const textBoxes = [{ text: name.text, left: 98, right: 102 + name.width, top: 18, bottom: 62 }]
		const render = async () => ({ image: blankBand, textBoxes })
		expect(await providerOfLetterhead({ source: 'text', render }, 'lab_report', '', () => engineReading([name, ...fields]))).toBeNull()
	})

	it('names none when the band holds only a tagline or generic words, or when there is no engine', async () => {
		const tagline = engineReading([word('Caring for your health', 100, 40, 50), word('CLINICAL LABORATORY', 100, 100, 50), ...fields])
		expect(await providerOfLetterhead(scanned, 'lab_report', '', () => tagline)).toBeNull()
		expect(await providerOfLetterhead(scanned, 'lab_report', '', () => null)).toBeNull()
	})

	it('names none when the engine fails, and logs its code without the page', async () => {
		const failing: OcrEngine = {
			name: 'paddle',
			async recognize() {
				throw new Error('model run failed on KESWICK DIAGNOSTIC CENTRE')
			},
		}
		expect(await providerOfLetterhead(scanned, 'lab_report', 'Patient: Jane Roe', () => failing)).toBeNull()
		const logged = written.join('\n')
		expect(logged).toContain('ocr_engine_failed')
		expect(logged).not.toContain('Jane Roe')
	})
})
