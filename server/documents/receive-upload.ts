import { createHash, randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { unstable_parseMultipartFormData, type UploadHandlerPart } from '@remix-run/node'
import { FILE_TYPE_HEAD_BYTES } from '#server/extraction/index.ts'
import { MAX_UPLOAD_BYTES } from './messages.ts'
import { uploadTempDir } from './storage.ts'

export type ReceivedFile = {
	tempPath: string
	originalName: string
	size: number
	sha256: string
	head: Buffer
}

export class UploadRejectedError extends Error {
	constructor(
		readonly reason: 'too_large' | 'no_file',
		message: string,
		readonly fileName: string | null = null,
	) {
		super(message)
	}
}

const MAX_FIELD_BYTES = 10_000
const MULTIPART_OVERHEAD = 64 * 1024

/**
 * Streams one multipart file part to a temporary file, hashing it and keeping
 * its first bytes for type detection; never holds the file in memory. Past
 * 20 MB the rest is read and discarded (so the browser gets the answer) and
 * the upload is refused.
 */
export async function receiveUpload(request: Request): Promise<{ file: ReceivedFile; fields: Record<string, string> }> {
	const declaredLength = Number(request.headers.get('content-length') ?? 0)
	if (declaredLength > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) {
		throw new UploadRejectedError('too_large', 'too_large')
	}
	await mkdir(uploadTempDir(), { recursive: true })
	let file: (ReceivedFile & { isTooLarge: boolean }) | null = null
	const fields: Record<string, string> = {}

	const handler = async (part: UploadHandlerPart) => {
		if (!part.filename) {
			let text = ''
			for await (const chunk of part.data) {
				if (text.length < MAX_FIELD_BYTES) text += Buffer.from(chunk).toString('utf8')
			}
			fields[part.name] = text.slice(0, MAX_FIELD_BYTES)
			return undefined
		}
		if (part.name !== 'file' || file) {
			for await (const _chunk of part.data) {
				// only one file per request: drain the others
			}
			return undefined
		}
		const tempPath = path.join(uploadTempDir(), `${randomUUID()}.part`)
		const received = { tempPath, originalName: part.filename, size: 0, sha256: '', head: Buffer.alloc(0), isTooLarge: false }
		file = received
		const hash = createHash('sha256')
		const out = createWriteStream(tempPath, { flags: 'wx', mode: 0o600 })
		try {
			for await (const chunk of part.data) {
				received.size += chunk.byteLength
				if (received.size > MAX_UPLOAD_BYTES) {
					received.isTooLarge = true
					continue
				}
				if (received.head.length < FILE_TYPE_HEAD_BYTES) {
					received.head = Buffer.concat([received.head, Buffer.from(chunk)]).subarray(0, FILE_TYPE_HEAD_BYTES)
				}
				hash.update(chunk)
				if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()))
			}
		} finally {
			await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())))
		}
		received.sha256 = hash.digest('hex')
		return undefined
	}

	try {
		await unstable_parseMultipartFormData(request, handler)
	} catch (error) {
		if (file) await rm((file as ReceivedFile).tempPath, { force: true })
		throw error
	}
	const received = file as (ReceivedFile & { isTooLarge: boolean }) | null
	if (!received) throw new UploadRejectedError('no_file', 'no_file')
	if (received.isTooLarge) {
		await rm(received.tempPath, { force: true })
		throw new UploadRejectedError('too_large', 'too_large', received.originalName)
	}
	const { isTooLarge: _ignored, ...result } = received
	return { file: result, fields }
}

export async function discardReceivedFile(file: ReceivedFile) {
	await rm(file.tempPath, { force: true })
}
