import { createHash, randomUUID } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { ReceivedFile } from '#server/documents/index.ts'
import { uploadTempDir } from '#server/storage/index.ts'

export const FIXTURES = path.resolve('../shared/fixtures/documents')

/** What the upload endpoint hands the domain after streaming a fixture to disk. */
export async function receivedFixture(relativePath: string, uploadName = path.basename(relativePath)): Promise<ReceivedFile> {
	const bytes = await readFile(path.join(FIXTURES, relativePath))
	await mkdir(uploadTempDir(), { recursive: true })
	const tempPath = path.join(uploadTempDir(), `${randomUUID()}.part`)
	await writeFile(tempPath, bytes)
	return {
		tempPath,
		originalName: uploadName,
		size: bytes.length,
		sha256: createHash('sha256').update(bytes).digest('hex'),
		head: bytes.subarray(0, 512),
	}
}
