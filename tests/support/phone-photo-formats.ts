import sharp from 'sharp'
import { encodeHeic } from './heic-encoder.ts'
import { FAMILIES, renderFirstPage } from './lab-corpus/index.ts'
import { seededRandom, type CorpusParameter } from './lab-corpus/content.ts'

/**
 * A lab report page as a phone saves it, made at test time (no image is
 * stored): a generated report (lab-corpus) drawn at 200 dpi, turned a little
 * as a hand-held page is, kept losslessly as PNG and encoded from it as WebP
 * (sharp) and HEIC (libheif's heif-enc with the x265 encoder, Debian's
 * libheif-examples, which .ci/run installs). Test support only.
 */

export { canEncodeHeic, encodeHeic } from './heic-encoder.ts'

export type LabPagePhotos = { png: Buffer; webp: Buffer; heic: Buffer; parameters: CorpusParameter[] }

/** The first page of a generated report (an English panel with a flag column) as PNG, WebP and HEIC, with the rows it prints. */
export async function labPagePhotos(seed = 38): Promise<LabPagePhotos> {
	const family = FAMILIES.find((candidate) => candidate.name === 'flag-column')!
	const report = await family.build(seededRandom(seed), 0)
	const { png: page } = await renderFirstPage(report.pdf, 200)
	const png = await sharp(page).rotate(0.8, { background: '#ffffff' }).greyscale().png().toBuffer()
	const [webp, heic] = await Promise.all([sharp(png).webp({ quality: 90 }).toBuffer(), encodeHeic(png)])
	return { png, webp, heic, parameters: report.placed.filter((item) => item.page === 0).map((item) => item.parameter) }
}
