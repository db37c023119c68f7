import { readFileSync } from 'node:fs'
import path from 'node:path'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkExtraction, fixturesDir, loadManifest, matchedShare } from '#tests/support/fixture-manifest.ts'
import { extractDocument } from './extract-document.ts'
import { closeDefaultOcrEngine } from './ocr/ocr-engine.ts'
import type { ExtractionResult } from './types.ts'

/**
 * A scanned PDF that carries another program's OCR as its text layer: the layer is one reading,
 * judged against a fresh OCR of the scan (extract-document.ts preferredPdfReading), never trusted
 * because it exists. Made here from a fixture scan and a layer of the misreadings such layers
 * hold ('g/d1', 'rnmol/1', 'l' for 1, 'O' for 0).
 */
const dir = fixturesDir(path.resolve(import.meta.dirname, '../..'))
const manifest = loadManifest(dir)
const file = manifest.files.find((item) => item.path === 'scan/bluewater_scan.jpg')!

/** A layer that names the rows but misreads units and digits, as a poor OCR leaves them. */
const MISREAD_LAYER = [
	'GLUCOSE, FASTING   l23   rng/d1   7O-99',
	'HEMOGLOBIN A1C   4.Z   %o   4.O - 5.6',
	'CREATININE   O.8l   mg/d1   O.74-l.35',
	'ALT   44   U/1   7-35',
	'AST   2l   U/1   8-33',
	'WBC   6.O   l0^3/u1   4.5 - ll.O',
	'HEMOGLOBIN   l6.8   g/d1   l3.5 - l7.5',
	'PLATELETS   Z93   l0^3/u1   l5O - 4OO',
]

async function scannedPdf(layer: string[] | null): Promise<Buffer> {
	const jpg = readFileSync(path.join(dir, file.path))
	const doc = await PDFDocument.create()
	const image = await doc.embedJpg(jpg)
	const dpi = 250
	const page = doc.addPage([(image.width * 72) / dpi, (image.height * 72) / dpi])
	if (layer) {
		const font = await doc.embedFont(StandardFonts.Helvetica)
		layer.forEach((line, index) => page.drawText(line, { x: 40, y: page.getHeight() - 120 - index * 14, size: 9, font }))
	}
	// the scan drawn over the layer, as OCR programs place their invisible text under or over the picture
	page.drawImage(image, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() })
	return Buffer.from(await doc.save())
}

let withLayer: ExtractionResult
let scanOnly: ExtractionResult

beforeAll(async () => {
	withLayer = await extractDocument({ bytes: await scannedPdf(MISREAD_LAYER), fileName: 'scanned-with-layer.pdf' })
	scanOnly = await extractDocument({ bytes: await scannedPdf(null), fileName: 'scanned.pdf' })
}, 240_000)

afterAll(async () => {
	await closeDefaultOcrEngine()
})

describe('a scanned PDF with another program’s text layer', () => {
	it('reads the scan afresh and keeps the better reading: the values as the scan prints them', () => {
		const fromLayer = matchedShare([checkExtraction(file, withLayer)])
		const fromScan = matchedShare([checkExtraction(file, scanOnly)])
		expect(fromScan.share).toBeGreaterThanOrEqual(0.8)
		expect(fromLayer.matched).toBe(fromScan.matched)
		const hemoglobin = withLayer.parameters.find((parameter) => parameter.code === 'hemoglobin')
		expect(hemoglobin).toMatchObject({ value: 16.8, unit: 'g/dL', referenceRangeMin: 13.5, referenceRangeMax: 17.5 })
	})

	it('keeps the misread layer’s text only as the other reading', () => {
		expect(withLayer.text).not.toContain('rng/d1')
	})
})
