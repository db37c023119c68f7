import { createHash, randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { unstable_parseMultipartFormData, type UploadHandlerPart } from '@remix-run/node'
import { z } from 'zod'
import { safeText, TEXT_LIMITS } from '#server/validation/shared/text.ts'
import { FILE_TYPE_HEAD_BYTES } from '#server/extraction/index.ts'
import { MAX_UPLOAD_BYTES } from './shared/messages.ts'
import { uploadTempDir } from '#server/storage/index.ts'

export type ReceivedFile = {
	tempPath: string
	originalName: string
	size: number
	sha256: string
	head: Buffer
}

export class UploadRejectedError extends Error {
	constructor(
		readonly reason: 'too_large' | 'no_file' | 'bad_form',
		message: string,
		readonly fileName: string | null = null,
	) {
		super(message)
	}
}

/** The most one non-file field may hold, and the most parts (the file and fields) one upload may have. */
export const MAX_UPLOAD_FIELD_BYTES = 10_000
export const MAX_UPLOAD_PARTS = 8
const MULTIPART_OVERHEAD = 64 * 1024

/**
 * Streams one multipart file part to a temporary file, hashing it and keeping
 * its first bytes for type detection; never holds the file in memory. Past
 * 20 MB the rest is read and discarded (so the browser gets the answer) and
 * the upload is refused. The other parts are bounded too: a field over
 * MAX_UPLOAD_FIELD_BYTES or more than MAX_UPLOAD_PARTS parts refuse the
 * upload ('bad_form'), their excess read and discarded, never kept.
 */
export async function receiveUpload(request: Request): Promise<{ file: ReceivedFile; fields: Record<string, string> }> {
	const declaredLength = Number(request.headers.get('content-length') ?? 0)
	if (declaredLength > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) {
		throw new UploadRejectedError('too_large', 'too_large')
	}
	await mkdir(uploadTempDir(), { recursive: true })
	let file: (ReceivedFile & { isTooLarge: boolean }) | null = null
	const fields: Record<string, string> = Object.create(null)
	let partCount = 0
	let isFormBad = false

	const handler = async (part: UploadHandlerPart) => {
		partCount++
		if (partCount > MAX_UPLOAD_PARTS) isFormBad = true
		if (isFormBad) return drain(part)
		if (!part.filename) {
			const pieces: Uint8Array[] = []
			let size = 0
			for await (const chunk of part.data) {
				size += chunk.byteLength
				if (size > MAX_UPLOAD_FIELD_BYTES) isFormBad = true
				else pieces.push(chunk)
			}
			if (!isFormBad) fields[part.name] = Buffer.concat(pieces).toString('utf8')
			return undefined
		}
		// only one file per request: drain the others
		if (part.name !== 'file' || file) return drain(part)
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
	if (isFormBad) {
		if (received) await rm(received.tempPath, { force: true })
		throw new UploadRejectedError('bad_form', 'bad_form', received?.originalName ?? null)
	}
	if (!received) throw new UploadRejectedError('no_file', 'no_file')
	if (received.isTooLarge) {
		await rm(received.tempPath, { force: true })
		throw new UploadRejectedError('too_large', 'too_large', received.originalName)
	}
	const { isTooLarge: _ignored, ...result } = received
	return { file: result, fields }
}

async function drain(part: UploadHandlerPart) {
	for await (const _chunk of part.data) {
		// read and dropped
	}
	return undefined
}

export async function discardReceivedFile(file: ReceivedFile) {
	await rm(file.tempPath, { force: true })
}

const UploadFieldsSchema = z.record(safeText({ max: TEXT_LIMITS.uploadField, multiline: true }))

/** The form's other fields are not used, but follow the text rules like every field. */
export function hasValidUploadFields(fields: Record<string, string>) {
	return UploadFieldsSchema.safeParse(fields).success
}
