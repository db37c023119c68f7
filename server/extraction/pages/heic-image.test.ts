import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { heicDeclaring, webpDeclaring } from '#tests/support/hostile-files.ts'
import { canEncodeHeic, encodeHeic } from '#tests/support/phone-photo-formats.ts'
import { extractDocument } from '../extract-document.ts'
import { ProcessingLimitError } from '../intake/limits.ts'
import { REJECTION_MESSAGES } from '../intake/messages.ts'
import type { RawImage } from '../ocr/image-preprocess.ts'
import type { OcrEngine } from '../types.ts'
import { decodeHeic, decodeHeicOnce, HeicReadError } from './heic-image.ts'
import { PREVIEW_MAX_WIDTH, renderPreview } from './preview.ts'

const noOcr: OcrEngine = {
	name: 'none',
	recognize: () => Promise.reject(new Error('OCR must not run for a file refused before it')),
}

/** A picture with something to see: dark bars on white, a grey band, wider than high. */
async function pattern(width: number, height: number): Promise<Buffer> {
	const bars = Array.from({ length: 6 }, (_, index) => `<rect x="${20 + index * 60}" y="20" width="24" height="${height - 80}" fill="#111"/>`).join('')
	const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${bars}<rect x="0" y="${height - 40}" width="${width}" height="40" fill="#888"/></svg>`
	return sharp(Buffer.from(svg)).png().toBuffer()
}

async function meanDifference(a: RawImage, png: Buffer): Promise<number> {
	const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
	let sum = 0
	for (let i = 0; i < data.length; i++) sum += Math.abs(data[i]! - a.data[i]!)
	return sum / data.length
}

describe.skipIf(!canEncodeHeic)('HEIC photos (heif-enc makes them at test time)', () => {
	let png: Buffer
	let heic: Buffer

	beforeAll(async () => {
		png = await pattern(400, 260)
		heic = await encodeHeic(png)
	}, 60_000)

	it('decodes to RGB pixels of the declared size that look like the picture encoded', async () => {
		const image = await decodeHeic(heic)
		expect(image).toMatchObject({ width: 400, height: 260, channels: 3 })
		expect(image.data.length).toBe(400 * 260 * 3)
		// lossy HEVC at quality 90: within a few grey levels on average
		expect(await meanDifference(image, png)).toBeLessThan(4)
	})

	it('decodes the same bytes once for extraction and preview', async () => {
		const copy = Buffer.from(heic)
		const [first, again, other] = [decodeHeicOnce(copy), decodeHeicOnce(copy), decodeHeicOnce(Buffer.from(heic))]
		expect(again).toBe(first)
		expect(other).not.toBe(first)
		expect(await other).toEqual(await first)
	})

	it('renders a preview of a HEIC and of a WebP', async () => {
		for (const [kind, bytes] of [
			['heic', heic],
			['webp', await sharp(png).webp().toBuffer()],
		] as const) {
			const preview = await renderPreview({ bytes, kind })
			expect(preview, kind).not.toBeNull()
			const metadata = await sharp(preview!).metadata()
			expect(metadata).toMatchObject({ format: 'png', width: 400, height: 260 })
		}
		const large = await encodeHeic(await pattern(1200, 600))
		expect(await sharp((await renderPreview({ bytes: large, kind: 'heic' }))!).metadata()).toMatchObject({ width: PREVIEW_MAX_WIDTH, height: 400 })
	}, 60_000)

	it('refuses a HEIC that declares 30,000 x 30,000 pixels before decoding it', async () => {
		const bomb = await heicDeclaring(30_000, 30_000, heic)
		expect(bomb.length).toBeLessThan(100_000)
		await expect(decodeHeic(bomb)).rejects.toBeInstanceOf(ProcessingLimitError)
		const result = await extractDocument({ bytes: bomb, fileName: 'IMG_0001.HEIC', ocr: noOcr })
		expect(result).toMatchObject({ accepted: false, reason: 'too_large_to_process', message: REJECTION_MESSAGES.too_large_to_process })
		expect(await renderPreview({ bytes: bomb, kind: 'heic' })).toBeNull()
	})

	it('refuses a damaged HEIC as a damaged image: cut short, or a size that does not match its data', async () => {
		for (const damaged of [heic.subarray(0, Math.floor(heic.length / 3)), await heicDeclaring(800, 520, heic)]) {
			await expect(decodeHeic(damaged)).rejects.toBeInstanceOf(HeicReadError)
			const result = await extractDocument({ bytes: damaged, fileName: 'IMG_0002.heic', ocr: noOcr })
			expect(result).toMatchObject({ accepted: false, reason: 'corrupt_image', message: REJECTION_MESSAGES.corrupt_image, parameters: [] })
			expect(await renderPreview({ bytes: damaged, kind: 'heic' })).toBeNull()
		}
	})
})

describe('WebP photos', () => {
	it('refuses a WebP that declares 16,000 x 16,000 pixels before decoding it', async () => {
		const bomb = await webpDeclaring(16_000, 16_000)
		expect(bomb.length).toBeLessThan(1000)
		const result = await extractDocument({ bytes: bomb, fileName: 'photo.webp', ocr: noOcr })
		expect(result).toMatchObject({ accepted: false, reason: 'too_large_to_process' })
		expect(await renderPreview({ bytes: bomb, kind: 'webp' })).toBeNull()
	})

	it('refuses a damaged WebP as a damaged image', async () => {
		const webp = await sharp(await pattern(200, 100))
			.webp()
			.toBuffer()
		const result = await extractDocument({ bytes: webp.subarray(0, 60), fileName: 'photo.webp', ocr: noOcr })
		expect(result).toMatchObject({ accepted: false, reason: 'corrupt_image' })
	})
})

describe('a file that is not a HEIC', () => {
	it('is a HeicReadError, not a crash', async () => {
		await expect(decodeHeic(Buffer.from('not a heic file at all'))).rejects.toBeInstanceOf(HeicReadError)
	})
})
