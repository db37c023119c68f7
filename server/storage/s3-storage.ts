import { createReadStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import {
	DeleteObjectCommand,
	DeleteObjectsCommand,
	GetObjectCommand,
	HeadObjectCommand,
	ListObjectsV2Command,
	PutObjectCommand,
	S3Client,
	type S3ClientConfig,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { assertStorageKey, assertStoragePrefix, RangeNotSatisfiableError, type ByteRange, type FileStorage, type StoredObject } from './file-storage.ts'

export type S3StorageConfig = {
	bucket: string
	/** S3-compatible endpoint (Tigris, MinIO, a test server); unset: AWS itself. */
	endpoint?: string
	region?: string
	/** Path-style addressing (`endpoint/bucket/key`), for servers without per-bucket host names. */
	forcePathStyle?: boolean
	/** Explicit credentials (tests); unset: the standard AWS variables and profiles. */
	credentials?: S3ClientConfig['credentials']
}

/** Parts of a multipart upload: S3's smallest part is 5 MB; four in flight bound the memory one upload holds to ~32 MB. */
const PART_SIZE = 8 * 1024 * 1024
const PARTS_IN_FLIGHT = 4

export function createS3Client(config: S3StorageConfig) {
	return new S3Client({
		region: config.region ?? 'auto',
		endpoint: config.endpoint,
		forcePathStyle: config.forcePathStyle ?? Boolean(config.endpoint),
		credentials: config.credentials,
		// Checksums only where S3 requires them: S3-compatible servers do not all read aws-chunked bodies.
		requestChecksumCalculation: 'WHEN_REQUIRED',
		responseChecksumValidation: 'WHEN_REQUIRED',
	})
}

function isNotFound(error: unknown) {
	const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } }
	return failure.name === 'NoSuchKey' || failure.name === 'NotFound' || failure.$metadata?.httpStatusCode === 404
}

/** Files as objects in an S3-compatible bucket, so every machine of a deployment sees the same ones. */
export class S3FileStorage implements FileStorage {
	readonly kind = 's3'
	readonly bucket: string

	constructor(
		config: S3StorageConfig,
		readonly client: S3Client = createS3Client(config),
	) {
		this.bucket = config.bucket
	}

	async putFile(key: string, tempPath: string) {
		await this.putStream(key, createReadStream(tempPath))
		await rm(tempPath, { force: true })
	}

	async putStream(key: string, body: Readable, metadata?: Record<string, string>) {
		assertStorageKey(key)
		const upload = new Upload({
			client: this.client,
			params: { Bucket: this.bucket, Key: key, Body: body, Metadata: metadata },
			partSize: PART_SIZE,
			queueSize: PARTS_IN_FLIGHT,
		})
		await upload.done()
	}

	async putBuffer(key: string, data: Buffer) {
		assertStorageKey(key)
		await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentLength: data.length }))
	}

	async read(key: string) {
		assertStorageKey(key)
		const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }))
		if (!answer.Body) throw new Error('Storage answered without a body')
		return Buffer.from(await answer.Body.transformToByteArray())
	}

	async stream(key: string, range?: ByteRange) {
		assertStorageKey(key)
		if (range && range.start > range.end) throw new RangeNotSatisfiableError((await this.stat(key))?.size ?? 0)
		let answer
		try {
			answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }))
		} catch (error) {
			if ((error as { name?: string }).name === 'InvalidRange') throw new RangeNotSatisfiableError((await this.stat(key))?.size ?? 0)
			throw error
		}
		if (!answer.Body) throw new Error('Storage answered without a body')
		const size = answer.ContentLength ?? 0
		const contentRange = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.ContentRange ?? '')
		const body = answer.Body.transformToWebStream() as ReadableStream<Uint8Array>
		if (!range || !contentRange) return { body, size, totalSize: size }
		return {
			body,
			size,
			totalSize: Number(contentRange[3]),
			range: { start: Number(contentRange[1]), end: Number(contentRange[2]) },
		}
	}

	async stat(key: string) {
		const found = await this.head(key)
		return found ? { size: found.size } : null
	}

	/** Size and user metadata of an object, or null when there is none. */
	async head(key: string): Promise<{ size: number; metadata: Record<string, string> } | null> {
		assertStorageKey(key)
		try {
			const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }))
			return { size: answer.ContentLength ?? 0, metadata: answer.Metadata ?? {} }
		} catch (error) {
			if (isNotFound(error)) return null
			throw error
		}
	}

	async *list(prefix: string): AsyncIterable<StoredObject> {
		assertStoragePrefix(prefix)
		let token: string | undefined
		do {
			const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }))
			for (const object of page.Contents ?? []) {
				if (object.Key) yield { key: object.Key, size: object.Size ?? 0 }
			}
			token = page.IsTruncated ? page.NextContinuationToken : undefined
		} while (token)
	}

	async remove(key: string) {
		assertStorageKey(key)
		await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
	}

	async removePrefix(prefix: string) {
		let batch: string[] = []
		let count = 0
		const flush = async () => {
			if (!batch.length) return
			await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }))
			count += batch.length
			batch = []
		}
		for await (const object of this.list(prefix)) {
			batch.push(object.key)
			if (batch.length === 1000) await flush()
		}
		await flush()
		return count
	}
}
