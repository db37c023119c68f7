import { beforeAll, describe, expect, it } from 'vitest'
import { canEncodeHeic, labPagePhotos, type LabPagePhotos } from '#tests/support/phone-photo-formats.ts'
import { extractDocument } from './extract-document.ts'
import type { ExtractionResult } from './types.ts'

/**
 * A lab report page photographed as phones save it: the same page as PNG,
 * WebP and HEIC (made at test time from a generated report) is read the same
 * way, through the same OCR, into the same values.
 */

const rowsOf = (result: ExtractionResult) =>
	result.parameters.map(({ code, valueText, unit, referenceRangeText, status }) => ({ code, valueText, unit, referenceRangeText, status }))

describe.skipIf(!canEncodeHeic)('a lab photo as PNG, WebP and HEIC', () => {
	let photos: LabPagePhotos
	const results: Record<'png' | 'webp' | 'heic', ExtractionResult> = {} as never

	beforeAll(async () => {
		photos = await labPagePhotos()
		// one after the other: each OCR already keeps both cores busy
		results.png = await extractDocument({ bytes: photos.png, fileName: 'lab-photo.png' })
		results.webp = await extractDocument({ bytes: photos.webp, fileName: 'lab-photo.webp' })
		results.heic = await extractDocument({ bytes: photos.heic, fileName: 'IMG_0038.HEIC' })
	}, 240_000)

	it('reads the PNG: the baseline the other two are held to', () => {
		expect(results.png).toMatchObject({ accepted: true, kind: 'lab_report' })
		const printed = new Map(photos.parameters.map((row) => [row.code, row]))
		const right = results.png.parameters.filter((row) => printed.get(row.code)?.value === row.value)
		expect(right.length).toBeGreaterThanOrEqual(Math.ceil(photos.parameters.length * 0.8))
	})

	it.each(['webp', 'heic'] as const)('reads the %s like the PNG: kind, date, provider and every value, unit, range and status', (format) => {
		const result = results[format]
		expect(result).toMatchObject({ accepted: true, kind: results.png.kind, date: results.png.date, provider: results.png.provider, pages: 1 })
		expect(rowsOf(result)).toEqual(rowsOf(results.png))
	})
})
