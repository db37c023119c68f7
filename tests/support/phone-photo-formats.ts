import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { findOnPath } from '#server/extraction/ocr/ocr-engine.ts'
import { FAMILIES, renderFirstPage } from './lab-corpus/index.ts'
import { seededRandom, type CorpusParameter } from './lab-corpus/content.ts'

/**
 * A lab report page as a phone saves it, made at test time (no image is
 * stored): a generated report (lab-corpus) drawn at 200 dpi, turned a little
 * as a hand-held page is, kept losslessly as PNG and encoded from it as WebP
 * (sharp) and HEIC (libheif's heif-enc with the x265 encoder, Debian's
 * libheif-examples, which .ci/run installs). Test support only.
 */

export type LabPagePhotos = { png: Buffer; webp: Buffer; heic: Buffer; parameters: CorpusParameter[] }

/** Whether HEIC files can be made here: heif-enc on the PATH (tests that need one skip without it). */
export const canEncodeHeic = findOnPath('heif-enc') !== null

/** PNG (or any image sharp reads) to HEIC: heif-enc at quality 90, x265's fastest preset (a page in about a second). */
export async function encodeHeic(image: Buffer): Promise<Buffer> {
	const dir = await mkdtemp(path.join(tmpdir(), 'heic-'))
	try {
		const input = path.join(dir, 'page.png')
		const output = path.join(dir, 'page.heic')
		// heif-enc reads 8-bit RGB PNGs
		await writeFile(input, await sharp(image).toColourspace('srgb').removeAlpha().png().toBuffer())
		await promisify(execFile)('heif-enc', ['-q', '90', '-p', 'preset=ultrafast', input, '-o', output], { timeout: 120_000 })
		return await readFile(output)
	} finally {
		await rm(dir, { recursive: true, force: true })
	}
}

/** The first page of a generated report (an English panel with a flag column) as PNG, WebP and HEIC, with the rows it prints. */
export async function labPagePhotos(seed = 38): Promise<LabPagePhotos> {
	const family = FAMILIES.find((candidate) => candidate.name === 'flag-column')!
	const report = await family.build(seededRandom(seed), 0)
	const { png: page } = await renderFirstPage(report.pdf, 200)
	const png = await sharp(page).rotate(0.8, { background: '#ffffff' }).greyscale().png().toBuffer()
	const [webp, heic] = await Promise.all([sharp(png).webp({ quality: 90 }).toBuffer(), encodeHeic(png)])
	return { png, webp, heic, parameters: report.placed.filter((item) => item.page === 0).map((item) => item.parameter) }
}
