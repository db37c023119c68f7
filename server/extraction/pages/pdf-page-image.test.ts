import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { fixturesDir } from '#tests/support/fixture-manifest.ts'
import { pageImageForOcr, renderPdfPage } from './pdf-page-image.ts'
import { openPdf } from './pdf-text.ts'

const dir = fixturesDir(path.resolve(import.meta.dirname, '../../..'))

describe('pageImageForOcr', () => {
	it('takes the embedded full-page scan with its resolution', async () => {
		const doc = await openPdf(readFileSync(path.join(dir, 'scan/scanned_lab_report_2p.pdf')))
		const image = await pageImageForOcr(doc, 2)
		await doc.destroy()
		expect(image.source).toBe('embedded')
		expect([image.raw.width, image.raw.height]).toEqual([1700, 2200])
		expect(Math.round(image.dpi)).toBe(200)
	}, 20_000)

	it('renders a page that is not one image', async () => {
		const doc = await openPdf(readFileSync(path.join(dir, 'lab/bluewater_final_report.pdf')))
		const page = await doc.getPage(1)
		const image = await renderPdfPage(page, 72)
		await doc.destroy()
		expect(image.source).toBe('rendered')
		expect([image.raw.width, image.raw.height, image.raw.channels]).toEqual([612, 792, 4])
		// some ink was drawn on the white page
		let dark = 0
		for (let i = 0; i < image.raw.data.length; i += 4) if (image.raw.data[i] < 100) dark++
		expect(dark).toBeGreaterThan(1000)
	}, 20_000)
})
