import sharp from 'sharp'
import { renderDicomPreview } from './dicom.ts'
import { assertPixelBudget, MAX_DECODED_PIXELS, ProcessingLimitError, renderDpiWithinBudget } from '../intake/limits.ts'
import { renderPdfPage, shownPageSize } from './pdf-page-image.ts'
import { openPdf } from './pdf-text.ts'
import type { FileKind } from '../types.ts'

/**
 * A PNG preview, at most PREVIEW_MAX_WIDTH wide: the first page of a PDF,
 * the (upright) image, or the first DICOM frame. Null when the file cannot
 * be drawn (unsupported DICOM compression, damaged file).
 */

export const PREVIEW_MAX_WIDTH = 800

async function pdfPreview(bytes: Buffer): Promise<Buffer> {
	const doc = await openPdf(bytes)
	try {
		const page = await doc.getPage(1)
		const { width: pointsWide, height: pointsHigh } = shownPageSize(page)
		const wantedDpi = Math.min(150, (PREVIEW_MAX_WIDTH / (pointsWide || 612)) * 72)
		const dpi = renderDpiWithinBudget(pointsWide, pointsHigh, wantedDpi, 1)
		if (dpi === null) throw new ProcessingLimitError('render_size')
		const image = await renderPdfPage(page, dpi)
		page.cleanup()
		const { data, width, height, channels } = image.raw
		return await sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels } })
			.resize({ width: PREVIEW_MAX_WIDTH, withoutEnlargement: true })
			.removeAlpha()
			.png()
			.toBuffer()
	} finally {
		await doc.destroy().catch(() => {})
	}
}

export async function renderPreview(input: { bytes: Buffer; kind: FileKind }): Promise<Buffer | null> {
	try {
		switch (input.kind) {
			case 'pdf':
				return await pdfPreview(input.bytes)
			case 'jpeg':
			case 'png': {
				const { width = 0, height = 0 } = await sharp(input.bytes, { limitInputPixels: false }).metadata()
				assertPixelBudget(width, height)
				return await sharp(input.bytes, { failOn: 'error', limitInputPixels: MAX_DECODED_PIXELS })
					.rotate()
					.resize({ width: PREVIEW_MAX_WIDTH, withoutEnlargement: true })
					.png()
					.toBuffer()
			}
			case 'dicom':
				return await renderDicomPreview(input.bytes, PREVIEW_MAX_WIDTH)
			default:
				return null
		}
	} catch {
		return null
	}
}
