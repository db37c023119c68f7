import { createCanvas, loadImage } from '@napi-rs/canvas'
import sharp, { type Sharp } from 'sharp'
import { openPdf } from '#server/extraction/pages/pdf-text.ts'
import { renderPdfPage } from '#server/extraction/pages/pdf-page-image.ts'
import { seededRandom, type CorpusParameter, type Random } from './content.ts'
import { FAMILIES, type Family, type GeneratedReport } from './families.ts'

/**
 * The generated corpus: every layout family as text PDFs, and from them
 * scans (150 to 300 dpi, skew up to 3 degrees, blur, JPEG artefacts) and
 * phone-photo simulations (perspective, uneven lighting and shadow, a
 * background around the page, blur, JPEG). Made at test time, never stored.
 * Test support only.
 */

export { FAMILIES, type Family } from './families.ts'
export type { CorpusParameter } from './content.ts'

export type Medium = 'text_pdf' | 'scan' | 'photo'

export type CorpusDocument = {
	id: string
	family: string
	heldOut: boolean
	medium: Medium
	language: string
	fileName: string
	bytes: Buffer
	provider: string
	/** YYYY-MM-DD, the collection date */
	date: string
	parameters: CorpusParameter[]
	/** how the image was degraded (scans and photos) */
	degradation?: string
}

export type CorpusOptions = {
	/** documents per family (text PDFs); default 2 */
	perFamily?: number
	/** which media to make; default all three */
	media?: Medium[]
	/** only these families */
	families?: string[]
	seed?: number
	/** phone photos of curled sheets (lines bowed by up to a line and a half; `npm run accuracy -- --curl`): a harder stress test, off by default */
	curl?: boolean
}

async function renderFirstPage(pdf: Uint8Array, dpi: number): Promise<{ png: Buffer; width: number; height: number }> {
	const doc = await openPdf(pdf)
	try {
		const page = await doc.getPage(1)
		const image = await renderPdfPage(page, dpi)
		page.cleanup()
		const { data, width, height, channels } = image.raw
		const png = await sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels } })
			.png()
			.toBuffer()
		return { png, width, height }
	} finally {
		await doc.destroy()
	}
}

/**
 * Paper that is not white (recycled or tinted paper, a scanner's grey): the page darkened to
 * `tone` and speckled with noise of `noise` grey levels, as a copy of a copy scans.
 */
async function greyPaper(image: Sharp, tone: number, noise: number, random: Random): Promise<Sharp> {
	const { data, info } = await image.raw().toBuffer({ resolveWithObject: true })
	const out = Buffer.alloc(info.width * info.height)
	for (let i = 0, pixel = 0; pixel < out.length; i += info.channels, pixel++) {
		const value = (data[i] * tone) / 255 + (random.next() - 0.5) * 2 * noise
		out[pixel] = value < 0 ? 0 : value > 255 ? 255 : value
	}
	return sharp(out, { raw: { width: info.width, height: info.height, channels: 1 } })
}

/**
 * A flatbed scan: resolution, a small rotation, a little blur and noise, JPEG; a third of them
 * on paper that is not white (`paper`, drawn from its own sequence so the other draws stay as
 * they were).
 */
export async function simulateScan(pdf: Uint8Array, random: Random, paper: Random): Promise<{ bytes: Buffer; degradation: string }> {
	const dpi = random.pick([150, 200, 240, 300])
	const angle = Math.round((random.next() * 6 - 3) * 10) / 10
	const blur = random.pick([0, 0.5, 0.8])
	const quality = random.int(55, 85)
	const tone = paper.next() < 1 / 3 ? paper.int(196, 226) : null
	const noise = tone === null ? 0 : paper.int(6, 16)
	const { png } = await renderFirstPage(pdf, dpi)
	let image = sharp(png).rotate(angle, { background: '#ffffff' }).greyscale()
	if (blur > 0) image = image.blur(blur + 0.3)
	if (tone !== null) image = await greyPaper(image, tone, noise, paper)
	const bytes = await image.jpeg({ quality }).withMetadata({ density: dpi }).toBuffer()
	return { bytes, degradation: `${dpi} dpi, ${angle}°, blur ${blur}, jpeg ${quality}${tone === null ? '' : `, paper ${tone} ±${noise}`}` }
}

/**
 * A phone photo: the page drawn in perspective (narrower at the top) onto a
 * darker background, rotated a little, curled where asked (its lines bowed across the page), lit
 * unevenly with a shadow, blurred and saved as JPEG.
 */
export async function simulatePhoto(pdf: Uint8Array, random: Random, options: { curl?: boolean } = {}): Promise<{ bytes: Buffer; degradation: string }> {
	const dpi = random.pick([170, 200, 230])
	const { png, width, height } = await renderFirstPage(pdf, dpi)
	const page = await loadImage(png)
	const pad = Math.round(width * 0.06)
	const canvas = createCanvas(width + 2 * pad, height + 2 * pad)
	const context = canvas.getContext('2d')
	context.fillStyle = '#6b5b4b'
	context.fillRect(0, 0, canvas.width, canvas.height)
	const keystone = 0.03 + random.next() * 0.05
	const angle = (random.next() * 6 - 3) * (Math.PI / 180)
	context.translate(canvas.width / 2, canvas.height / 2)
	context.rotate(angle)
	context.translate(-canvas.width / 2, -canvas.height / 2)
	const band = 4
	for (let y = 0; y < height; y += band) {
		const scale = 1 - keystone * (1 - y / height)
		const rowWidth = width * scale
		context.drawImage(page, 0, y, width, band + 1, Math.round(pad + (width - rowWidth) / 2), pad + y, Math.round(rowWidth), band + 1)
	}
	context.setTransform(1, 0, 0, 1, 0, 0)
	// a curled sheet: the lines bow up or down across the page, by up to about a line and a half
	const curl = options.curl ? (random.next() * 2 - 1) * dpi * 0.12 : 0
	if (Math.abs(curl) >= 1) {
		const flat = await loadImage(canvas.toBuffer('image/png'))
		context.fillStyle = '#6b5b4b'
		context.fillRect(0, 0, canvas.width, canvas.height)
		const strip = 3
		for (let x = 0; x < canvas.width; x += strip) {
			const shift = Math.round(curl * Math.sin((Math.PI * x) / canvas.width))
			context.drawImage(flat, x, 0, strip, canvas.height, x, shift, strip, canvas.height)
		}
	}
	// uneven light: bright in one corner, dim in the other, and a soft shadow band
	const light = context.createLinearGradient(0, 0, canvas.width, canvas.height)
	light.addColorStop(0, 'rgba(255,255,255,0.10)')
	light.addColorStop(1, `rgba(0,0,0,${(0.18 + random.next() * 0.15).toFixed(2)})`)
	context.fillStyle = light
	context.fillRect(0, 0, canvas.width, canvas.height)
	const shadowX = canvas.width * (0.55 + random.next() * 0.3)
	const shadow = context.createLinearGradient(shadowX - 80, 0, shadowX + 80, 0)
	shadow.addColorStop(0, 'rgba(0,0,0,0)')
	shadow.addColorStop(0.5, 'rgba(0,0,0,0.16)')
	shadow.addColorStop(1, 'rgba(0,0,0,0)')
	context.fillStyle = shadow
	context.fillRect(0, 0, canvas.width, canvas.height)
	const blur = random.pick([0.6, 0.9, 1.2])
	const quality = random.int(60, 80)
	const bytes = await sharp(canvas.toBuffer('image/png')).blur(blur).jpeg({ quality }).toBuffer()
	return {
		bytes,
		degradation: `${dpi} dpi, keystone ${(keystone * 100).toFixed(0)}%, ${((angle * 180) / Math.PI).toFixed(1)}°,${curl ? ` curl ${Math.round(curl)} px,` : ''} blur ${blur}, jpeg ${quality}`,
	}
}

function documentOf(family: Family, report: GeneratedReport, index: number, medium: Medium, bytes: Buffer, degradation?: string): CorpusDocument {
	const onFirstPage = medium === 'text_pdf' ? report.placed : report.placed.filter((item) => item.page === 0)
	const extension = medium === 'text_pdf' ? 'pdf' : 'jpg'
	return {
		id: `${family.name}#${index}/${medium}`,
		family: family.name,
		heldOut: family.heldOut,
		medium,
		language: report.content.language,
		fileName: `${family.name}-${index}-${medium}.${extension}`,
		bytes,
		provider: report.content.provider,
		date: report.date,
		parameters: onFirstPage.map((item) => item.parameter),
		degradation,
	}
}

/**
 * The corpus: perFamily text PDFs per family; from the first of each a scan
 * and a photo (first page only; their truth is the rows on that page).
 */
export async function generateCorpus(options: CorpusOptions = {}): Promise<CorpusDocument[]> {
	const perFamily = options.perFamily ?? 2
	const media = options.media ?? ['text_pdf', 'scan', 'photo']
	const documents: CorpusDocument[] = []
	const families = FAMILIES.filter((family) => !options.families || options.families.includes(family.name))
	for (const family of families) {
		// seeds by the family's place in FAMILIES, so a filtered run makes the same documents
		const familyIndex = FAMILIES.indexOf(family)
		for (let index = 0; index < perFamily; index++) {
			const random = seededRandom((options.seed ?? 19) * 7919 + familyIndex * 131 + index)
			const report = await family.build(random, index)
			const pdf = Buffer.from(report.pdf)
			if (media.includes('text_pdf')) documents.push(documentOf(family, report, index, 'text_pdf', pdf))
			if (index > 0) continue
			if (media.includes('scan')) {
				const scan = await simulateScan(report.pdf, random, seededRandom((options.seed ?? 19) * 104729 + familyIndex * 977 + index))
				documents.push(documentOf(family, report, index, 'scan', scan.bytes, scan.degradation))
			}
			if (media.includes('photo')) {
				const photo = await simulatePhoto(report.pdf, random, { curl: options.curl })
				documents.push(documentOf(family, report, index, 'photo', photo.bytes, photo.degradation))
			}
		}
	}
	return documents
}
