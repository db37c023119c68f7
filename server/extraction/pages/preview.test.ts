import { readFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { fixturesDir } from '#tests/support/fixture-manifest.ts'
import { PREVIEW_MAX_WIDTH, renderPreview } from './preview.ts'

const dir = fixturesDir(path.resolve(import.meta.dirname, '../../..'))
const read = (name: string) => readFileSync(path.join(dir, name))

async function size(png: Buffer | null) {
	expect(png).not.toBeNull()
	const metadata = await sharp(png!).metadata()
	expect(metadata.format).toBe('png')
	return { width: metadata.width ?? 0, height: metadata.height ?? 0 }
}

describe('renderPreview', () => {
	it('renders the first page of a text PDF at most 800 px wide', async () => {
		const { width, height } = await size(await renderPreview({ bytes: read('lab/bluewater_final_report.pdf'), kind: 'pdf' }))
		expect(width).toBeLessThanOrEqual(PREVIEW_MAX_WIDTH)
		expect(width).toBeGreaterThan(600)
		expect(height).toBeGreaterThan(width)
	}, 20_000)

	it('renders a scanned PDF page', async () => {
		const { width } = await size(await renderPreview({ bytes: read('scan/scanned_lab_report_2p.pdf'), kind: 'pdf' }))
		expect(width).toBeLessThanOrEqual(PREVIEW_MAX_WIDTH)
	}, 20_000)

	it('shrinks an image to 800 px wide', async () => {
		expect(await size(await renderPreview({ bytes: read('scan/IMG_4417.png'), kind: 'png' }))).toMatchObject({ width: 800 })
		expect(await size(await renderPreview({ bytes: read('scan/bluewater_scan.jpg'), kind: 'jpeg' }))).toMatchObject({ width: 800 })
	})

	it('draws the DICOM frame', async () => {
		expect(await size(await renderPreview({ bytes: read('dicom/chest_pa.dcm'), kind: 'dicom' }))).toEqual({ width: 64, height: 64 })
	})

	it('gives null for a damaged file', async () => {
		expect(await renderPreview({ bytes: read('bad/truncated-lab-report.pdf').subarray(0, 2000), kind: 'pdf' })).toBeNull()
		expect(await renderPreview({ bytes: Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2]), kind: 'jpeg' })).toBeNull()
	})
})
