import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FileStorage } from './file-storage.ts'

export class StoredFileTooLargeError extends Error {
	constructor() {
		super('Stored file is larger than the limit for a temporary copy')
		this.name = 'StoredFileTooLargeError'
	}
}

export type TempCopy = { path: string; size: number; remove: () => Promise<void> }

/**
 * Streams a stored file (local folder or bucket) into a temporary file of
 * this machine's own (`dir`, mode 0600), never holding it in memory: the
 * extraction process reads that file. Refuses, leaving nothing behind, a file
 * whose size or whose streamed bytes go past `maxBytes`. The caller removes
 * the copy (`remove`) when done with it.
 */
export async function copyToTempFile(storage: FileStorage, key: string, options: { dir: string; maxBytes: number }): Promise<TempCopy> {
	const file = await storage.stream(key)
	if (file.totalSize > options.maxBytes) {
		await file.body.cancel().catch(() => {})
		throw new StoredFileTooLargeError()
	}
	await mkdir(options.dir, { recursive: true })
	const tempPath = path.join(options.dir, `${randomUUID()}.extract`)
	const remove = () => rm(tempPath, { force: true })
	let size = 0
	const bounded = new Transform({
		transform(chunk: Buffer, _encoding, callback) {
			size += chunk.byteLength
			callback(size > options.maxBytes ? new StoredFileTooLargeError() : null, chunk)
		},
	})
	try {
		await pipeline(Readable.fromWeb(file.body as import('node:stream/web').ReadableStream), bounded, createWriteStream(tempPath, { flags: 'wx', mode: 0o600 }))
	} catch (error) {
		await remove()
		throw error
	}
	return { path: tempPath, size, remove }
}
