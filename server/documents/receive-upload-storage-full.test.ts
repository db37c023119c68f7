import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { uploadTempDir } from '#server/storage/index.ts'
import { captureProcessOutput } from '#tests/support/captured-output.ts'
import { receiveUpload, UploadRejectedError } from './receive-upload.ts'

/** Temporary upload files fail like a full disk once this many bytes are written to one. */
const ROOM_BYTES = 64 * 1024
const failure = vi.hoisted(() => ({ code: 'ENOSPC' as string | null }))

vi.mock('node:fs', async (importOriginal) => {
	const fs = await importOriginal<typeof import('node:fs')>()
	return {
		...fs,
		createWriteStream: ((file: string, options: Parameters<typeof fs.createWriteStream>[1]) => {
			const stream = fs.createWriteStream(file, options)
			if (!String(file).endsWith('.part') || !failure.code) return stream
			let written = 0
			const write = stream._write.bind(stream)
			stream._write = (chunk: Buffer, encoding, callback) => {
				written += chunk.byteLength
				if (written <= ROOM_BYTES) return write(chunk, encoding, callback)
				callback(Object.assign(new Error(`${failure.code}: write failed`), { code: failure.code, syscall: 'write' }))
			}
			return stream
		}) as typeof fs.createWriteStream,
	}
})

let dataDir: string

beforeAll(async () => {
	dataDir = await mkdtemp(path.join(os.tmpdir(), 'carebook-receive-full-'))
	process.env.DATA_DIR = dataDir
})

afterAll(async () => {
	await rm(dataDir, { recursive: true, force: true })
})

/** A two-megabyte file sent in 64 KB pieces, as a browser streams it. */
function largeUpload() {
	const form = new FormData()
	form.append('file', new File([Buffer.alloc(2 * 1024 * 1024, 0x25)], 'scan.pdf', { type: 'application/pdf' }))
	return new Request('http://localhost/api/documents/upload', { method: 'POST', body: form })
}

async function leftovers() {
	return (await readdir(uploadTempDir()).catch(() => [])).filter((name) => name.endsWith('.part'))
}

describe('receiveUpload on a full disk', () => {
	it('refuses at once as storage_full, removes the partial file and logs the code alone', async () => {
		failure.code = 'ENOSPC'
		const written = captureProcessOutput()
		const started = performance.now()
		const error = await receiveUpload(largeUpload()).then(
			() => null,
			(thrown: unknown) => thrown,
		)
		const ms = performance.now() - started
		vi.restoreAllMocks()
		const lines = written.join('').split('\n')
		expect(error).toBeInstanceOf(UploadRejectedError)
		expect((error as UploadRejectedError).reason).toBe('storage_full')
		expect(ms).toBeLessThan(2_000)
		expect(await leftovers()).toEqual([])
		const logged = lines.find((line) => line.includes('documents.upload_write_failed'))
		expect(logged).toContain('"errorCode":"ENOSPC"')
		expect(logged).not.toContain('scan.pdf')
		expect(logged).not.toContain(dataDir)
	})

	it('throws any other write error at once, leaving nothing behind', async () => {
		failure.code = 'EIO'
		const error = await receiveUpload(largeUpload()).then(
			() => null,
			(thrown: unknown) => thrown,
		)
		expect(error).not.toBeInstanceOf(UploadRejectedError)
		expect((error as NodeJS.ErrnoException).code).toBe('EIO')
		expect(await leftovers()).toEqual([])
	})
})
