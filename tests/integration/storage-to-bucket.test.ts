import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyLocalFilesToBucket, LocalFileStorage, S3FileStorage, type FileStorage } from '#server/storage/index.ts'
import { startS3Server } from '#tests/support/s3-server.ts'

describe('copying the local folder into a bucket', () => {
	let server: Awaited<ReturnType<typeof startS3Server>>
	let folder: string
	let local: LocalFileStorage
	let bucket: S3FileStorage
	const files = new Map<string, Buffer>()

	beforeAll(async () => {
		server = await startS3Server()
		bucket = new S3FileStorage(server.config)
		folder = await mkdtemp(path.join(tmpdir(), 'carebook-copy-'))
		local = new LocalFileStorage(path.join(folder, 'files'))
		for (const organizationId of [randomUUID(), randomUUID()]) {
			const documentId = randomUUID()
			files.set(`${organizationId}/${documentId}`, randomBytes(50_000))
			files.set(`${organizationId}/${documentId}.preview.png`, randomBytes(8_000))
			files.set(`${organizationId}/exports/${randomUUID()}.zip`, randomBytes(6 * 1024 * 1024))
		}
		for (const [key, data] of files) await local.putBuffer(key, data)
	})
	afterAll(async () => {
		await server?.stop()
		await rm(folder, { recursive: true, force: true })
	})

	it('resumes after a stop half-way, copies every file once, and each object matches its local file', async () => {
		const journalPath = path.join(folder, 'journal')
		// the first run stops (the process dies) after its third file
		await expect(
			copyLocalFilesToBucket(local, bucket, {
				journalPath,
				onProgress: (progress) => {
					if (progress.done === 3) throw new Error('stopped')
				},
			}),
		).rejects.toThrow('stopped')
		expect((await readFile(journalPath, 'utf8')).trim().split('\n')).toHaveLength(3)

		const seen: number[] = []
		const result = await copyLocalFilesToBucket(local, bucket, { journalPath, onProgress: (progress) => seen.push(progress.done) })
		expect(result).toMatchObject({ total: 6, skipped: 3, copied: 3, failed: 0 })
		expect(seen).toEqual([1, 2, 3, 4, 5, 6])
		for (const [key, data] of files) expect((await bucket.read(key)).equals(data)).toBe(true)

		const again = await copyLocalFilesToBucket(local, bucket, { journalPath })
		expect(again).toMatchObject({ total: 6, skipped: 6, copied: 0, failed: 0 })
		// the local folder is left as it was
		for (const [key, data] of files) expect((await local.read(key)).equals(data)).toBe(true)
	})

	it('removes an object whose checksum does not match and does not journal it, so the next run copies it again', async () => {
		const journalPath = path.join(folder, 'journal-corrupt')
		const corrupting: FileStorage = Object.assign(Object.create(bucket) as S3FileStorage, {
			async stream(key: string) {
				const file = await bucket.stream(key)
				const bytes = Buffer.from(await new Response(file.body).arrayBuffer())
				bytes[0] = bytes[0]! ^ 0xff
				return { ...file, body: new Response(bytes).body! }
			},
		})
		const failed = await copyLocalFilesToBucket(local, corrupting, { journalPath })
		expect(failed).toMatchObject({ total: 6, copied: 0, failed: 6 })
		for (const key of files.keys()) expect(await bucket.stat(key)).toBeNull()

		const retried = await copyLocalFilesToBucket(local, bucket, { journalPath })
		expect(retried).toMatchObject({ copied: 6, failed: 0 })
	})
})
