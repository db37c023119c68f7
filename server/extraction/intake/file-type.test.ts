import { describe, expect, it } from 'vitest'
import { detectFileType, kindFromExtension } from './file-type.ts'

const bytes = (...values: number[]) => new Uint8Array(values)
const text = (value: string) => new TextEncoder().encode(value)

function dicomHead(): Uint8Array {
	const head = new Uint8Array(512)
	head.set(text('DICM'), 128)
	return head
}

describe('detectFileType', () => {
	it('knows PDF, JPEG, PNG and DICOM by their magic bytes', () => {
		expect(detectFileType(text('%PDF-1.7\n%...'))).toEqual({ kind: 'pdf', mime: 'application/pdf' })
		expect(detectFileType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toEqual({ kind: 'jpeg', mime: 'image/jpeg' })
		expect(detectFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toEqual({ kind: 'png', mime: 'image/png' })
		expect(detectFileType(dicomHead())).toEqual({ kind: 'dicom', mime: 'application/dicom' })
	})

	it('rejects an empty file', () => {
		expect(detectFileType(new Uint8Array(0))).toMatchObject({ kind: 'rejected', reason: 'empty_file' })
	})

	it('rejects a ZIP archive named .png as a type mismatch', () => {
		const zip = bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0)
		const detected = detectFileType(zip, 'xray-image.png')
		expect(detected).toMatchObject({ kind: 'rejected', reason: 'type_mismatch' })
		expect(detected.kind === 'rejected' && detected.message).toMatch(/ZIP/)
	})

	it('rejects an HTML page named .pdf as a type mismatch', () => {
		const html = text('<!DOCTYPE html>\n<html lang="en"><head><script>alert(1)</script>')
		expect(detectFileType(html, 'report.pdf')).toMatchObject({ kind: 'rejected', reason: 'type_mismatch' })
		expect(detectFileType(text('  <script>x</script>'), 'a.pdf')).toMatchObject({ kind: 'rejected', reason: 'type_mismatch' })
	})

	it('ignores the name when the content is a document', () => {
		expect(detectFileType(text('%PDF-1.4'), 'photo.png')).toMatchObject({ kind: 'pdf' })
	})

	it('calls unknown content with an unsupported name unsupported', () => {
		expect(detectFileType(text('just some text'), 'notes.txt')).toMatchObject({ kind: 'rejected', reason: 'unsupported_type' })
		expect(detectFileType(text('just some text'))).toMatchObject({ kind: 'rejected', reason: 'unsupported_type' })
		expect(detectFileType(text('just some text'), 'scan.jpg')).toMatchObject({ kind: 'rejected', reason: 'type_mismatch' })
	})

	it('does not take a short file for DICOM', () => {
		expect(detectFileType(bytes(1, 2, 3))).toMatchObject({ kind: 'rejected' })
	})
})

describe('kindFromExtension', () => {
	it('maps the accepted extensions', () => {
		expect(kindFromExtension('a.PDF')).toBe('pdf')
		expect(kindFromExtension('a.jpg')).toBe('jpeg')
		expect(kindFromExtension('a.jpeg')).toBe('jpeg')
		expect(kindFromExtension('a.png')).toBe('png')
		expect(kindFromExtension('a.dcm')).toBe('dicom')
		expect(kindFromExtension('a.zip')).toBeNull()
		expect(kindFromExtension('README')).toBeNull()
	})
})
