import { describe, expect, it } from 'vitest'
import { checkPickedFiles, MAX_UPLOAD_BYTES } from './file-checks.ts'

describe('checkPickedFiles', () => {
	it('accepts the five types by MIME type or extension, up to exactly 20 MB', () => {
		const files = [
			{ name: 'a.pdf', size: 10, type: '' },
			{ name: 'b.JPG', size: 10, type: '' },
			{ name: 'scan', size: 10, type: 'image/png' },
			{ name: 'c.dcm', size: MAX_UPLOAD_BYTES, type: 'application/octet-stream' },
			{ name: 'd', size: 10, type: 'application/dicom' },
		]
		expect(checkPickedFiles(files)).toEqual({ accepted: files, rejected: [] })
	})

	it('refuses oversize and unsupported files with the spec texts', () => {
		const result = checkPickedFiles([
			{ name: 'big.pdf', size: MAX_UPLOAD_BYTES + 1, type: 'application/pdf' },
			{ name: 'notes.docx', size: 10, type: 'application/msword' },
		])
		expect(result.accepted).toEqual([])
		expect(result.rejected).toEqual(['big.pdf is too large (max 20MB)', 'notes.docx is not a supported file type'])
	})

	it('accepts phone photos in WebP and HEIC, by MIME type or by extension (browsers often give HEIC no type)', () => {
		const files = [
			{ name: 'IMG_0001.HEIC', size: 10, type: '' },
			{ name: 'photo.heif', size: 10, type: '' },
			{ name: 'photo', size: 10, type: 'image/heic' },
			{ name: 'PXL_20261128.webp', size: 10, type: '' },
			{ name: 'shared', size: 10, type: 'image/webp' },
		]
		expect(checkPickedFiles(files)).toEqual({ accepted: files, rejected: [] })
		expect(checkPickedFiles([{ name: 'clip.avif', size: 10, type: 'image/avif' }]).rejected).toEqual(['clip.avif is not a supported file type'])
	})
})
