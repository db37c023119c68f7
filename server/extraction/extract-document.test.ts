import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { extractDocument } from './extract-document.ts'
import type { OcrEngine } from './types.ts'

/** An engine that returns fixed text: the parsing after OCR, without OCR. */
function fakeEngine(text: string): OcrEngine & { calls: number } {
	const engine = {
		name: 'fake',
		calls: 0,
		async recognize() {
			engine.calls++
			return { text, ms: 1 }
		},
	}
	return engine
}

describe('extractDocument', () => {
	it('rejects an empty file, a ZIP named .png and an HTML page named .pdf', async () => {
		expect(await extractDocument({ bytes: Buffer.alloc(0), fileName: 'empty.pdf' })).toMatchObject({
			accepted: false,
			reason: 'empty_file',
			kind: 'other',
			parameters: [],
		})
		expect(await extractDocument({ bytes: Buffer.from('PK\u0003\u0004rest', 'latin1'), fileName: 'x.png' })).toMatchObject({
			accepted: false,
			reason: 'type_mismatch',
		})
		expect(await extractDocument({ bytes: Buffer.from('<!DOCTYPE html><script>1</script>'), fileName: 'x.pdf' })).toMatchObject({
			accepted: false,
			reason: 'type_mismatch',
		})
	})

	it('refuses a file over 20 MB unread, with the spec text', async () => {
		const bytes = Buffer.alloc(20_971_521)
		bytes.write('%PDF-1.4\n', 'latin1')
		expect(await extractDocument({ bytes, fileName: 'oversize-21mb.pdf' })).toMatchObject({
			accepted: false,
			reason: 'too_large',
			message: 'File oversize-21mb.pdf is too large. Maximum size is 20MB.',
		})
	})

	it('rejects a damaged image', async () => {
		const result = await extractDocument({ bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]), fileName: 'photo.jpg', ocr: fakeEngine('') })
		expect(result).toMatchObject({ accepted: false, reason: 'corrupt_image' })
	})

	it('OCRs an image once and reads the lab report in the text', async () => {
		const image = await sharp({ create: { width: 850, height: 1100, channels: 3, background: { r: 255, g: 255, b: 255 } } })
			.png()
			.toBuffer()
		const engine = fakeEngine(
			[
				'BLUEWATER DIAGNOSTICS :',
				'COLLECTED: February 27, 2025 10:20 REPORTED: February 28, 2025',
				'TEST RESULT UNITS REFERENCE RANGE',
				'GLUCOSE, FASTING 123 mg/dL 70-99',
				'ALT 44 U/L 7-35',
				'WBC : 6.0 1073/uL 4.5 - 11.0',
			].join('\n'),
		)
		const result = await extractDocument({ bytes: image, fileName: 'IMG_0001.png', ocr: engine })
		expect(engine.calls).toBe(1)
		expect(result).toMatchObject({ accepted: true, kind: 'lab_report', date: '2025-02-27', provider: 'Bluewater Diagnostics', pages: 1 })
		expect(result.parameters.map((p) => [p.code, p.value, p.unit, p.status, p.testDate])).toEqual([
			['glucose', 123, 'mg/dL', 'high', '2025-02-27'],
			['alt', 44, 'U/L', 'high', '2025-02-27'],
			['wbc', 6, '10^3/uL', 'normal', '2025-02-27'],
		])
		expect(result.tags).toContain('scanned')
		expect(result.title).toBe('Metabolic Panel & Complete Blood Count — Bluewater Diagnostics')
	})

	it('gives an unreadable document the kind other and the file name as title', async () => {
		const image = await sharp({ create: { width: 100, height: 100, channels: 3, background: { r: 255, g: 255, b: 255 } } })
			.png()
			.toBuffer()
		const result = await extractDocument({ bytes: image, fileName: '../holiday photo.png', ocr: fakeEngine('') })
		expect(result).toMatchObject({ accepted: true, kind: 'other', title: 'holiday photo', parameters: [], date: null })
	})
})
