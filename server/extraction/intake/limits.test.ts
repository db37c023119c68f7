import { describe, expect, it } from 'vitest'
import { blankPdf, deflatedDicomBomb, jpegDeclaring, pngDeclaring } from '#tests/support/hostile-files.ts'
import { readDicomInfo, renderDicomPreview } from '../pages/dicom.ts'
import { extractDocument } from '../extract-document.ts'
import { preprocessForOcr } from '../ocr/image-preprocess.ts'
import {
	assertPageCount,
	assertPixelBudget,
	MAX_DECODED_PIXELS,
	MAX_INFLATED_BYTES,
	MAX_PDF_PAGES,
	MAX_RENDER_PIXELS,
	MIN_OCR_RENDER_DPI,
	ProcessingLimitError,
	renderDpiWithinBudget,
} from './limits.ts'
import { REJECTION_MESSAGES } from './messages.ts'
import { renderPreview } from '../pages/preview.ts'
import type { OcrEngine } from '../types.ts'

const noOcr: OcrEngine = {
	name: 'none',
	recognize: () => Promise.reject(new Error('OCR must not run for a file over a limit')),
}

const rssMb = () => process.memoryUsage.rss() / 1024 / 1024

describe('the pixel budget', () => {
	it('lets a 600-dpi letter page through and refuses 30,000 x 30,000', () => {
		expect(() => assertPixelBudget(5100, 6600)).not.toThrow()
		expect(() => assertPixelBudget(30_000, 30_000)).toThrow(ProcessingLimitError)
		expect(() => assertPixelBudget(MAX_DECODED_PIXELS, 1)).not.toThrow()
		expect(() => assertPixelBudget(MAX_DECODED_PIXELS + 1, 1)).toThrow(ProcessingLimitError)
	})

	it('refuses a PNG and a JPEG that declare 30,000 x 30,000 pixels before decoding them', async () => {
		for (const [name, bytes] of [
			['huge.png', await pngDeclaring(30_000, 30_000)],
			['huge.jpg', await jpegDeclaring(30_000, 30_000)],
		] as const) {
			expect(bytes.length).toBeLessThan(1000)
			const result = await extractDocument({ bytes, fileName: name, ocr: noOcr })
			expect(result).toMatchObject({ accepted: false, reason: 'too_large_to_process', message: REJECTION_MESSAGES.too_large_to_process })
			await expect(preprocessForOcr(bytes)).rejects.toBeInstanceOf(ProcessingLimitError)
			expect(await renderPreview({ bytes, kind: name.endsWith('.png') ? 'png' : 'jpeg' })).toBeNull()
		}
	})
})

describe('the inflate cap', () => {
	it('stops a deflated DICOM that inflates past 1 GB at the cap, with little memory', () => {
		const bomb = deflatedDicomBomb(1_100_000_000)
		expect(bomb.length).toBeLessThan(2_000_000)
		const before = rssMb()
		const started = performance.now()
		expect(() => readDicomInfo(bomb)).toThrow(ProcessingLimitError)
		expect(performance.now() - started).toBeLessThan(5_000)
		expect(rssMb() - before).toBeLessThan((MAX_INFLATED_BYTES / 1024 / 1024) * 3)
	})

	it('reads a deflated DICOM under the cap', () => {
		const small = deflatedDicomBomb(1_000_000)
		expect(readDicomInfo(small)).toMatchObject({ modality: 'CT', rows: 4096, columns: 4096 })
	})

	it('reads the tags of a DICOM whose frame is over the pixel budget and draws no preview', async () => {
		const hugeFrame = deflatedDicomBomb(1_000_000, { rows: 65_535, columns: 65_535 })
		const result = await extractDocument({ bytes: hugeFrame, fileName: 'frame.dcm', ocr: noOcr })
		expect(result).toMatchObject({ accepted: true, kind: 'imaging', dicom: { rows: 65_535, columns: 65_535 } })
		await expect(renderDicomPreview(hugeFrame)).rejects.toBeInstanceOf(ProcessingLimitError)
		expect(await renderPreview({ bytes: hugeFrame, kind: 'dicom' })).toBeNull()
	})

	it('marks the bomb too large to process', async () => {
		const result = await extractDocument({ bytes: deflatedDicomBomb(), fileName: 'study.dcm', ocr: noOcr })
		expect(result).toMatchObject({ accepted: false, reason: 'too_large_to_process' })
	})
})

describe('rendered page size', () => {
	it('keeps 300 dpi for a letter page and lowers it for a poster page', () => {
		expect(renderDpiWithinBudget(612, 792, 300, MIN_OCR_RENDER_DPI)).toBe(300)
		const a0 = renderDpiWithinBudget(2384, 3370, 300, MIN_OCR_RENDER_DPI)!
		expect(a0).toBeGreaterThan(MIN_OCR_RENDER_DPI)
		expect(a0).toBeLessThan(300)
		expect(Math.ceil((2384 * a0) / 72) * Math.ceil((3370 * a0) / 72)).toBeLessThanOrEqual(MAX_RENDER_PIXELS)
	})

	it('refuses a page of 20,000 x 20,000 points for OCR', async () => {
		expect(renderDpiWithinBudget(20_000, 20_000, 300, MIN_OCR_RENDER_DPI)).toBeNull()
		const before = rssMb()
		const result = await extractDocument({ bytes: blankPdf([{ width: 20_000, height: 20_000 }]), fileName: 'poster.pdf', ocr: noOcr })
		expect(result).toMatchObject({ accepted: false, reason: 'too_large_to_process' })
		expect(rssMb() - before).toBeLessThan(300)
	})

	it('draws a small preview of a huge page', async () => {
		const preview = await renderPreview({ bytes: blankPdf([{ width: 20_000, height: 20_000 }]), kind: 'pdf' })
		expect(preview).not.toBeNull()
	})
})

describe('the page cap', () => {
	it(`refuses a PDF of more than ${MAX_PDF_PAGES} pages, saying so`, async () => {
		expect(() => assertPageCount(MAX_PDF_PAGES)).not.toThrow()
		const pages = Array.from({ length: 500 }, () => ({ width: 612, height: 792 }))
		const started = performance.now()
		const result = await extractDocument({ bytes: blankPdf(pages), fileName: 'blank.pdf', ocr: noOcr })
		expect(result).toMatchObject({ accepted: false, reason: 'too_large_to_process' })
		expect(result.message).toBe(`This file is too large to process: it has more than ${MAX_PDF_PAGES} pages.`)
		expect(performance.now() - started).toBeLessThan(10_000)
	})
})
