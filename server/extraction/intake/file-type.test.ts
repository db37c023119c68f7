import { describe, expect, it } from 'vitest'
import { detectFileType, FILE_TYPE_HEAD_BYTES, FileTypeReader, kindFromExtension } from './file-type.ts'
import { NOT_A_HEALTH_RECORD } from './messages.ts'

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

/** An ISO base media file's head: an ftyp box with these brands, then a meta box (as HEIF files open). */
function isoHead(major: string, compatible: string[]): Uint8Array {
	const ftypSize = 16 + 4 * compatible.length
	const head = new Uint8Array(ftypSize + 32)
	const view = new DataView(head.buffer)
	view.setUint32(0, ftypSize)
	head.set(text(`ftyp${major}`), 4)
	compatible.forEach((brand, index) => head.set(text(brand), 16 + 4 * index))
	view.setUint32(ftypSize, 32)
	head.set(text('meta'), ftypSize + 4)
	return head
}

function webpHead(chunk: string): Uint8Array {
	const head = new Uint8Array(40)
	head.set(text('RIFF'), 0)
	new DataView(head.buffer).setUint32(4, 1000, true)
	head.set(text(`WEBP${chunk}`), 8)
	return head
}

describe('phone photo formats', () => {
	it('knows WebP by RIFF .. WEBP and an image chunk', () => {
		for (const chunk of ['VP8 ', 'VP8L', 'VP8X']) expect(detectFileType(webpHead(chunk))).toEqual({ kind: 'webp', mime: 'image/webp' })
	})

	it("knows HEIC and HEIF by the ftyp box's brands", () => {
		// an iPhone's photo, a camera's HIF, a burst, and HEIF's own brands
		expect(detectFileType(isoHead('heic', ['mif1', 'MiHE', 'miaf', 'MiHB', 'heic']))).toEqual({ kind: 'heic', mime: 'image/heic' })
		for (const major of ['heix', 'hevc', 'heim', 'heis']) expect(detectFileType(isoHead(major, ['mif1']))).toMatchObject({ kind: 'heic', mime: 'image/heic' })
		expect(detectFileType(isoHead('mif1', ['mif1', 'heic']))).toEqual({ kind: 'heic', mime: 'image/heif' })
		expect(detectFileType(isoHead('msf1', ['msf1', 'hevc']))).toEqual({ kind: 'heic', mime: 'image/heif' })
	})

	it('does not take AVIF, an MP4 video or a forged header for HEIC', () => {
		const avif = detectFileType(isoHead('avif', ['mif1', 'miaf']), 'photo.heic')
		expect(avif).toMatchObject({ kind: 'rejected', reason: 'type_mismatch' })
		expect(avif.kind === 'rejected' && avif.message).toContain('an AVIF image')
		expect(detectFileType(isoHead('mif1', ['mif1', 'avif']))).toMatchObject({ kind: 'rejected' })
		expect(detectFileType(isoHead('isom', ['isom', 'mp41']))).toMatchObject({ kind: 'rejected' })
		// 'ftypheic' followed by text, not boxes
		const forged = new Uint8Array([...isoHead('heic', ['mif1']).subarray(0, 20), ...text('this is not a photo at all, only words')])
		expect(detectFileType(forged, 'IMG_0001.HEIC')).toMatchObject({ kind: 'rejected', reason: 'type_mismatch' })
	})

	it('refuses a fake HEIC or WebP (other content under the name) with a message that says so', () => {
		const heic = detectFileType(text('Hemoglobin 13.5 g/dL'), 'IMG_0001.HEIC')
		expect(heic).toEqual({
			kind: 'rejected',
			reason: 'type_mismatch',
			message: 'The file is named .heic, but its content is not a HEIC image (nor another supported type).',
		})
		const webp = detectFileType(webpHead('JUNK'), 'photo.webp')
		expect(webp).toMatchObject({ kind: 'rejected', reason: 'type_mismatch' })
		expect(webp.kind === 'rejected' && webp.message).toContain('is not a WebP image')
		const wave = webpHead('VP8 ')
		wave.set(text('WAVE'), 8)
		expect(detectFileType(wave, 'photo.webp')).toMatchObject({ kind: 'rejected', reason: 'type_mismatch' })
	})
})

describe('JSON typed by its structure, not by a prefix', () => {
	/** A seed transaction: no resourceType of its own, its first entry a Patient with a 10 KB narrative before its resourceType. */
	const seed = JSON.stringify({
		type: 'transaction',
		entry: [{ resource: { text: { status: 'generated', div: `<div>${'A long narrative of the patient. '.repeat(320)}</div>` }, resourceType: 'Patient' } }],
	})

	it('types a bundle whose resourceType lies past the head as FHIR, whole or streamed in chunks', () => {
		expect(seed.indexOf('"resourceType"')).toBeGreaterThan(FILE_TYPE_HEAD_BYTES + 6_000)
		expect(detectFileType(text(seed), 'seed.json')).toEqual({ kind: 'fhir', mime: 'application/fhir+json' })
		const reader = new FileTypeReader()
		const bytes = text(seed)
		for (let at = 0; at < bytes.length; at += 1_000) reader.push(bytes.subarray(at, at + 1_000))
		expect(reader.result()).toEqual({ kind: 'fhir', mime: 'application/fhir+json' })
	})

	it('refuses JSON that is not FHIR, with the reason', () => {
		const other = JSON.stringify({ patient: { resourceType: 'Patient' }, results: [{ name: 'Glucose', value: 5.4 }] })
		expect(detectFileType(text(other), 'export.json')).toEqual({ kind: 'rejected', reason: 'unsupported_type', message: NOT_A_HEALTH_RECORD.json })
		expect(detectFileType(text('[1, 2, 3]'))).toMatchObject({ kind: 'rejected', message: NOT_A_HEALTH_RECORD.json })
	})

	it('still types other files by their first bytes when read as a stream', () => {
		const reader = new FileTypeReader()
		reader.push(text('%PDF-1.7\n'))
		reader.push(new Uint8Array(10_000))
		expect(reader.result()).toEqual({ kind: 'pdf', mime: 'application/pdf' })
		expect(new FileTypeReader().result()).toMatchObject({ kind: 'rejected', reason: 'empty_file' })
	})
})

describe('kindFromExtension', () => {
	it('maps the accepted extensions', () => {
		expect(kindFromExtension('a.PDF')).toBe('pdf')
		expect(kindFromExtension('a.jpg')).toBe('jpeg')
		expect(kindFromExtension('a.jpeg')).toBe('jpeg')
		expect(kindFromExtension('a.png')).toBe('png')
		expect(kindFromExtension('a.dcm')).toBe('dicom')
		expect(kindFromExtension('a.webp')).toBe('webp')
		expect(kindFromExtension('IMG_0001.HEIC')).toBe('heic')
		expect(kindFromExtension('a.heif')).toBe('heic')
		expect(kindFromExtension('a.zip')).toBeNull()
		expect(kindFromExtension('README')).toBeNull()
	})
})
