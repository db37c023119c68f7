import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyToTempFile, LocalFileStorage, RangeNotSatisfiableError, S3FileStorage, StoredFileTooLargeError, type FileStorage } from '#server/storage/index.ts'
import { startS3Server } from '#tests/support/s3-server.ts'

async function readAll(body: ReadableStream<Uint8Array>) {
	const chunks: Uint8Array[] = []
	for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk)
	return Buffer.concat(chunks)
}

function sha256(data: Buffer) {
	return createHash('sha256').update(data).digest('hex')
}

type Harness = { storage: FileStorage; stop: () => Promise<void> }

const implementations: Array<[string, () => Promise<Harness>]> = [
	[
		'local folder',
		async () => {
			const root = await mkdtemp(path.join(tmpdir(), 'carebook-files-'))
			return { storage: new LocalFileStorage(root), stop: () => rm(root, { recursive: true, force: true }) }
		},
	],
	[
		'S3 (s3rver on loopback)',
		async () => {
			const server = await startS3Server()
			return { storage: new S3FileStorage(server.config), stop: server.stop }
		},
	],
]

describe.each(implementations)('file storage: %s', (_name, start) => {
	let harness: Harness
	let scratch: string
	const organizationId = randomUUID()

	beforeAll(async () => {
		harness = await start()
		scratch = await mkdtemp(path.join(tmpdir(), 'carebook-scratch-'))
	})
	afterAll(async () => {
		await harness?.stop()
		await rm(scratch, { recursive: true, force: true })
	})

	it('stores a temporary file, reads it back whole and as a stream, and the temporary file is gone', async () => {
		const data = randomBytes(70_000)
		const tempPath = path.join(scratch, 'upload.part')
		await writeFile(tempPath, data)
		const key = `${organizationId}/${randomUUID()}`
		await harness.storage.putFile(key, tempPath)
		expect(await readdir(scratch)).not.toContain('upload.part')
		expect((await harness.storage.read(key)).equals(data)).toBe(true)
		const file = await harness.storage.stream(key)
		expect(file.size).toBe(70_000)
		expect(file.totalSize).toBe(70_000)
		expect((await readAll(file.body)).equals(data)).toBe(true)
		expect(await harness.storage.stat(key)).toEqual({ size: 70_000 })
	})

	it('answers a range request with exactly those bytes, clamps an end past the file and refuses a start past it', async () => {
		const data = randomBytes(10_000)
		const key = `${organizationId}/${randomUUID()}.preview.png`
		await harness.storage.putBuffer(key, data)
		const part = await harness.storage.stream(key, { start: 100, end: 1_099 })
		expect(part).toMatchObject({ size: 1_000, totalSize: 10_000, range: { start: 100, end: 1_099 } })
		expect((await readAll(part.body)).equals(data.subarray(100, 1_100))).toBe(true)
		const tail = await harness.storage.stream(key, { start: 9_990, end: 20_000 })
		expect(tail).toMatchObject({ size: 10, totalSize: 10_000, range: { start: 9_990, end: 9_999 } })
		expect((await readAll(tail.body)).equals(data.subarray(9_990))).toBe(true)
		await expect(harness.storage.stream(key, { start: 10_000, end: 10_010 })).rejects.toBeInstanceOf(RangeNotSatisfiableError)
	})

	it('streams an upload of more than 5 MB (a multipart upload on S3) and gives back the same bytes', async () => {
		const data = randomBytes(12 * 1024 * 1024 + 123)
		const key = `${organizationId}/${randomUUID()}`
		// fed in 64 KB pieces, as a request body arrives
		const pieces = Readable.from(
			(function* () {
				for (let offset = 0; offset < data.length; offset += 65_536) yield data.subarray(offset, offset + 65_536)
			})(),
		)
		await harness.storage.putStream(key, pieces)
		expect(await harness.storage.stat(key)).toEqual({ size: data.length })
		expect(sha256(await readAll((await harness.storage.stream(key)).body))).toBe(sha256(data))
	})

	it('deletes one file, and a missing file reads as an error and stats as null', async () => {
		const key = `${organizationId}/${randomUUID()}`
		await harness.storage.putBuffer(key, Buffer.from('%PDF-1.4 one page'))
		await harness.storage.remove(key)
		expect(await harness.storage.stat(key)).toBeNull()
		await expect(harness.storage.read(key)).rejects.toThrow()
		await harness.storage.remove(key)
	})

	it("deletes an organization's objects (documents, previews, exports) and leaves another organization's", async () => {
		const doomed = randomUUID()
		const kept = randomUUID()
		const keys = [`${doomed}/${randomUUID()}`, `${doomed}/${randomUUID()}.preview.png`, `${doomed}/exports/${randomUUID()}.zip`]
		for (const key of keys) await harness.storage.putBuffer(key, Buffer.from(key))
		const keptKey = `${kept}/${randomUUID()}`
		await harness.storage.putBuffer(keptKey, Buffer.from('kept'))

		const listed = []
		for await (const object of harness.storage.list(`${doomed}/`)) listed.push(object.key)
		expect(listed.sort()).toEqual([...keys].sort())

		expect(await harness.storage.removePrefix(`${doomed}/`)).toBe(3)
		for (const key of keys) expect(await harness.storage.stat(key)).toBeNull()
		expect((await harness.storage.read(keptKey)).toString()).toBe('kept')
	})

	it('copies a stored file into a bounded temporary file and refuses, leaving nothing, one over the bound', async () => {
		const data = randomBytes(300_000)
		const key = `${organizationId}/${randomUUID()}`
		await harness.storage.putBuffer(key, data)
		const dir = path.join(scratch, 'copies')
		const copy = await copyToTempFile(harness.storage, key, { dir, maxBytes: 300_000 })
		expect(copy.size).toBe(300_000)
		expect((await readFile(copy.path)).equals(data)).toBe(true)
		expect((await stat(copy.path)).mode & 0o777).toBe(0o600)
		await copy.remove()
		expect(await readdir(dir)).toEqual([])

		await expect(copyToTempFile(harness.storage, key, { dir, maxBytes: 299_999 })).rejects.toBeInstanceOf(StoredFileTooLargeError)
		// A store that announces less than it sends is cut off at the bound too.
		const understated: FileStorage = Object.assign(Object.create(harness.storage) as FileStorage, {
			stream: async (streamed: string) => ({ ...(await harness.storage.stream(streamed)), totalSize: 1, size: 1 }),
		})
		await expect(copyToTempFile(understated, key, { dir, maxBytes: 100_000 })).rejects.toBeInstanceOf(StoredFileTooLargeError)
		expect(await readdir(dir)).toEqual([])
	})

	it('refuses keys and prefixes that could reach outside one organization', async () => {
		await expect(harness.storage.putBuffer('../etc/passwd', Buffer.from('x'))).rejects.toThrow('malformed storage key')
		await expect(harness.storage.removePrefix('')).rejects.toThrow('malformed storage prefix')
		await expect(harness.storage.removePrefix('a/../')).rejects.toThrow('malformed storage prefix')
	})
})
