import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { findOnPath } from '#server/extraction/ocr/ocr-engine.ts'

/**
 * HEIC files made at test time by libheif's heif-enc with the x265 encoder
 * (Debian's libheif-examples, which .ci/run installs): no HEIC is stored in
 * the repository. Test support only.
 */

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
