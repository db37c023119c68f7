import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { fixturesDir } from '#tests/support/fixture-manifest.ts'
import { extractPdfPageTexts, layoutLines, openPdf, PdfOpenError } from './pdf-text.ts'

const dir = fixturesDir(path.resolve(import.meta.dirname, '../../..'))

describe('layoutLines', () => {
	it('joins items on one baseline and keeps columns apart', () => {
		const lines = layoutLines([
			{ str: '70-99', x: 400, y: 700, width: 25, size: 10 },
			{ str: 'Glucose', x: 40, y: 700.4, width: 35, size: 10 },
			{ str: '107', x: 200, y: 699.8, width: 15, size: 10 },
			{ str: 'Collected:', x: 40, y: 720, width: 50, size: 10 },
			{ str: '03/14/2025', x: 92, y: 720, width: 50, size: 10 },
		])
		expect(lines[0]).toBe('Collected: 03/14/2025')
		expect(lines[1]).toMatch(/^Glucose {2,}107 {2,}70-99$/)
	})

	it('glues pieces of one word', () => {
		expect(
			layoutLines([
				{ str: 'Hemo', x: 10, y: 10, width: 20, size: 10 },
				{ str: 'globin', x: 30, y: 10, width: 30, size: 10 },
			]),
		).toEqual(['Hemoglobin'])
	})
})

describe('extractPdfPageTexts', () => {
	it('reads every page of a text PDF as lines', async () => {
		const doc = await openPdf(readFileSync(path.join(dir, 'lab/ashgrove-cumulative-report.pdf')))
		const pages = await extractPdfPageTexts(doc)
		await doc.destroy()
		expect(pages.map((page) => page.pageNumber)).toEqual([1, 2])
		expect(pages[0].text).toMatch(/White Cell Count\s{2,}5\.6\s{2,}3\.8 - 10\.8\s{2,}x10\^3\/uL/)
		expect(pages[1].text).toContain('Vitamin D, 25-OH')
		expect(pages[0].characters).toBeGreaterThan(500)
	})

	it('leaves out a slanted watermark that crosses the rows', async () => {
		const { PDFDocument, StandardFonts, degrees } = await import('pdf-lib')
		const pdf = await PDFDocument.create()
		const font = await pdf.embedFont(StandardFonts.Helvetica)
		const page = pdf.addPage([612, 792])
		const rows = ['Glucose', 'Sodium', 'Potassium', 'Chloride', 'Calcium']
		rows.forEach((name, index) => {
			page.drawText(name, { x: 50, y: 600 - index * 14, size: 10, font })
			page.drawText(String(90 + index), { x: 250, y: 600 - index * 14, size: 10, font })
		})
		page.drawText('SAMPLE REPORT', { x: 40, y: 540, size: 56, font, rotate: degrees(12) })
		const doc = await openPdf(await pdf.save())
		const [read] = await extractPdfPageTexts(doc)
		await doc.destroy()
		expect(read.text).not.toMatch(/SAMPLE|REPORT/)
		expect(read.text.split('\n')).toEqual(rows.map((name, index) => expect.stringMatching(new RegExp(`^${name}\\s{2,}${90 + index}$`))))
	})

	it('finds no text layer on a scanned PDF', async () => {
		const doc = await openPdf(readFileSync(path.join(dir, 'scan/scanned_lab_report_2p.pdf')))
		const pages = await extractPdfPageTexts(doc)
		await doc.destroy()
		expect(pages.every((page) => page.characters < 25)).toBe(true)
	})
})

describe('openPdf', () => {
	it('reports a password-protected PDF as encrypted', async () => {
		await expect(openPdf(readFileSync(path.join(dir, 'bad/protected-results.pdf')))).rejects.toMatchObject({ reason: 'encrypted_pdf' })
	})

	it('reports garbage as corrupt', async () => {
		const error = await openPdf(Buffer.from('%PDF-1.4\nnot really a pdf')).catch((caught: unknown) => caught)
		expect(error).toBeInstanceOf(PdfOpenError)
		expect(error).toMatchObject({ reason: 'corrupt_pdf' })
	})
})
