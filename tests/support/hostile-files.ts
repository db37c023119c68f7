import { constants, deflateRawSync } from 'node:zlib'
import sharp from 'sharp'
import { encodeHeic } from './heic-encoder.ts'

/**
 * Small files that declare or unpack to something huge, written at test
 * time (no binaries in the repository). Each passes type detection by
 * content, so an upload reaches the worker.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
	let c = n
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
	return c >>> 0
})

function crc32(bytes: Uint8Array): number {
	let crc = 0xffffffff
	for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8)
	return (crc ^ 0xffffffff) >>> 0
}

/** A real 16 x 16 PNG whose IHDR is rewritten to declare width x height (CRC fixed): a few hundred bytes. */
export async function pngDeclaring(width: number, height: number): Promise<Buffer> {
	const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#ffffff' } })
		.png()
		.toBuffer()
	const ihdr = png.indexOf('IHDR', 0, 'latin1')
	png.writeUInt32BE(width, ihdr + 4)
	png.writeUInt32BE(height, ihdr + 8)
	png.writeUInt32BE(crc32(png.subarray(ihdr, ihdr + 4 + 13)), ihdr + 4 + 13)
	return png
}

/** A real 16 x 16 baseline JPEG whose SOF0 is rewritten to declare width x height. */
export async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
	const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#ffffff' } })
		.jpeg({ progressive: false, mozjpeg: false })
		.toBuffer()
	const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]))
	if (sof < 0) throw new Error('no SOF0 marker')
	// FF C0, length (2), precision (1), height (2), width (2)
	jpeg.writeUInt16BE(height, sof + 5)
	jpeg.writeUInt16BE(width, sof + 7)
	return jpeg
}

/** A minimal PDF (cross-reference table and trailer included) with pages of the given sizes in points and no content. */
export function blankPdf(pages: Array<{ width: number; height: number }>): Buffer {
	const objects: string[] = []
	const pageIds = pages.map((_, index) => 3 + index)
	objects[1] = '<< /Type /Catalog /Pages 2 0 R >>'
	objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`
	const contentId = 3 + pages.length
	pages.forEach((page, index) => {
		objects[3 + index] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] /Resources << >> /Contents ${contentId} 0 R >>`
	})
	objects[contentId] = '<< /Length 0 >>\nstream\n\nendstream'
	let body = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n'
	const offsets: number[] = []
	for (let id = 1; id < objects.length; id++) {
		offsets[id] = Buffer.byteLength(body, 'latin1')
		body += `${id} 0 obj\n${objects[id]}\nendobj\n`
	}
	const xrefAt = Buffer.byteLength(body, 'latin1')
	body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`
	for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`
	body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`
	return Buffer.from(body, 'latin1')
}

type Element = { group: number; element: number; vr: string; value: Buffer }

function encodeElement({ group, element, vr, value }: Element): Buffer {
	const padded = value.length % 2 ? Buffer.concat([value, Buffer.from(vr === 'UI' ? [0] : [0x20])]) : value
	const long = ['OB', 'OW', 'SQ', 'UT', 'UN'].includes(vr)
	const head = Buffer.alloc(long ? 12 : 8)
	head.writeUInt16LE(group, 0)
	head.writeUInt16LE(element, 2)
	head.write(vr, 4, 'latin1')
	if (long) head.writeUInt32LE(padded.length, 8)
	else head.writeUInt16LE(padded.length, 6)
	return Buffer.concat([head, padded])
}

function elementHeader(group: number, element: number, vr: string, length: number): Buffer {
	const head = Buffer.alloc(12)
	head.writeUInt16LE(group, 0)
	head.writeUInt16LE(element, 2)
	head.write(vr, 4, 'latin1')
	head.writeUInt32LE(length, 8)
	return head
}

const text = (group: number, element: number, vr: string, value: string): Element => ({ group, element, vr, value: Buffer.from(value, 'latin1') })
const ushort = (group: number, element: number, value: number): Element => {
	const buffer = Buffer.alloc(2)
	buffer.writeUInt16LE(value)
	return { group, element, vr: 'US', value: buffer }
}

/**
 * A DICOM file in the deflated transfer syntax (1.2.840.10008.1.2.1.99)
 * whose data set inflates to more than `inflatedBytes` (mostly zero pixel
 * data): about 1 KB per MB inflated.
 */
export function deflatedDicomBomb(inflatedBytes = 1_100_000_000, frame: { rows: number; columns: number } = { rows: 4096, columns: 4096 }): Buffer {
	const meta = encodeElement(text(0x0002, 0x0010, 'UI', '1.2.840.10008.1.2.1.99'))
	const groupLength = Buffer.alloc(4)
	groupLength.writeUInt32LE(meta.length)
	const header = Buffer.concat([Buffer.alloc(128), Buffer.from('DICM', 'latin1'), encodeElement({ group: 2, element: 0, vr: 'UL', value: groupLength }), meta])
	const tags = Buffer.concat(
		[
			text(0x0008, 0x0060, 'CS', 'CT'),
			ushort(0x0028, 0x0002, 1),
			text(0x0028, 0x0004, 'CS', 'MONOCHROME2'),
			ushort(0x0028, 0x0010, frame.rows),
			ushort(0x0028, 0x0011, frame.columns),
			ushort(0x0028, 0x0100, 16),
			ushort(0x0028, 0x0101, 12),
		].map(encodeElement),
	)
	const pixelBytes = inflatedBytes - (inflatedBytes % 2)
	// Separately deflated pieces, each ended by a full flush (no back-references across it), join into one
	// valid raw deflate stream: the zeros are compressed once and the piece repeated.
	const chunk = 4 * 1024 * 1024
	const flushed = { level: 9, finishFlush: constants.Z_FULL_FLUSH }
	const start = deflateRawSync(Buffer.concat([tags, elementHeader(0x7fe0, 0x0010, 'OW', pixelBytes)]), flushed)
	const piece = deflateRawSync(Buffer.alloc(chunk), flushed)
	const pieces = Array.from({ length: Math.floor(pixelBytes / chunk) }, () => piece)
	const end = deflateRawSync(Buffer.alloc(pixelBytes % chunk), { level: 9 })
	return Buffer.concat([header, start, ...pieces, end])
}

/**
 * A real HEIC (`from`, or a 16 x 16 one made by heif-enc: phone-photo-formats.ts) whose image
 * spatial extents ('ispe', the size a HEIF image declares) are rewritten to width x height: the
 * picture stays small, the size it claims does not.
 */
export async function heicDeclaring(width: number, height: number, from?: Buffer): Promise<Buffer> {
	const heic =
		from ??
		(await encodeHeic(
			await sharp({ create: { width: 16, height: 16, channels: 3, background: '#ffffff' } })
				.png()
				.toBuffer(),
		))
	const bomb = Buffer.from(heic)
	let found = 0
	for (let at = bomb.indexOf('ispe', 0, 'latin1'); at >= 0; at = bomb.indexOf('ispe', at + 4, 'latin1')) {
		// 'ispe', version and flags (4 bytes), width, height
		bomb.writeUInt32BE(width, at + 8)
		bomb.writeUInt32BE(height, at + 12)
		found++
	}
	if (!found) throw new Error('no ispe box')
	return bomb
}

/** A real lossless WebP (sharp) whose VP8L header is rewritten to declare width x height (each at most 16384). */
export async function webpDeclaring(width: number, height: number): Promise<Buffer> {
	const webp = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#ffffff' } })
		.webp({ lossless: true })
		.toBuffer()
	const vp8l = webp.indexOf('VP8L', 0, 'latin1')
	if (vp8l < 0) throw new Error('no VP8L chunk')
	// 'VP8L', chunk size (4), signature 0x2f, then 14 bits of width - 1, 14 of height - 1, alpha and version
	const at = vp8l + 9
	const bits = webp.readUInt32LE(at)
	webp.writeUInt32LE(((bits & 0xf0000000) | ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14)) >>> 0, at)
	return webp
}
