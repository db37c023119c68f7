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

/** A file of a several-file upload that was not kept: over 20 MB (read and discarded). */
export type OversizedFile = { originalName: string }

/**
 * Streams the multipart file parts named 'file' (up to `maxFiles`; any more
 * are read and discarded) each to a temporary file, hashing it and keeping
 * its first bytes for type detection; never holds a file in memory. A file
 * past 20 MB is read to its end and discarded (so the browser gets the
 * answer) and reported in `oversized`. The other parts are bounded too: a
 * field over MAX_UPLOAD_FIELD_BYTES or more than MAX_UPLOAD_PARTS parts
 * besides the files refuse the whole upload ('bad_form'), their excess read
 * and discarded, never kept.
 */
export async function receiveUploads(
	request: Request,
	{ maxFiles }: { maxFiles: number },
): Promise<{ files: ReceivedFile[]; oversized: OversizedFile[]; fields: Record<string, string> }> {
	const declaredLength = Number(request.headers.get('content-length') ?? 0)
	if (declaredLength > maxFiles * MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) {
		throw new UploadRejectedError('too_large', 'too_large')
	}
	await mkdir(uploadTempDir(), { recursive: true })
	const received: Array<ReceivedFile & { isTooLarge: boolean }> = []
	const fields: Record<string, string> = Object.create(null)
	let partCount = 0
	let isFormBad = false

	const handler = async (part: UploadHandlerPart) => {
		partCount++
		if (partCount > MAX_UPLOAD_PARTS + maxFiles - 1) isFormBad = true
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
		// at most maxFiles files per request: drain the others
		if (part.name !== 'file' || received.length >= maxFiles) return drain(part)
		const tempPath = path.join(uploadTempDir(), `${randomUUID()}.part`)
		const file = { tempPath, originalName: part.filename, size: 0, sha256: '', head: Buffer.alloc(0), isTooLarge: false }
		received.push(file)
		const hash = createHash('sha256')
		const out = createWriteStream(tempPath, { flags: 'wx', mode: 0o600 })
		try {
			for await (const chunk of part.data) {
				file.size += chunk.byteLength
				if (file.size > MAX_UPLOAD_BYTES) {
					file.isTooLarge = true
					continue
				}
				if (file.head.length < FILE_TYPE_HEAD_BYTES) {
					file.head = Buffer.concat([file.head, Buffer.from(chunk)]).subarray(0, FILE_TYPE_HEAD_BYTES)
				}
				hash.update(chunk)
				if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()))
			}
		} finally {
			await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())))
		}
		file.sha256 = hash.digest('hex')
		return undefined
	}

	const removeAll = () => Promise.all(received.map((file) => rm(file.tempPath, { force: true })))
	try {
		await unstable_parseMultipartFormData(request, handler)
	} catch (error) {
		await removeAll()
		throw error
	}
	if (isFormBad) {
		await removeAll()
		throw new UploadRejectedError('bad_form', 'bad_form', received[0]?.originalName ?? null)
	}
	if (!received.length) throw new UploadRejectedError('no_file', 'no_file')
	const files: ReceivedFile[] = []
	const oversized: OversizedFile[] = []
	for (const { isTooLarge, ...file } of received) {
		if (isTooLarge) {
			await rm(file.tempPath, { force: true })
			oversized.push({ originalName: file.originalName })
		} else {
			files.push(file)
		}
	}
	return { files, oversized, fields }
}

/**
 * One file per request (the upload API and the page's progress uploads):
 * receiveUploads for a single file, where a file over 20 MB refuses the
 * upload ('too_large').
 */
export async function receiveUpload(request: Request): Promise<{ file: ReceivedFile; fields: Record<string, string> }> {
	const { files, oversized, fields } = await receiveUploads(request, { maxFiles: 1 })
	if (oversized.length) throw new UploadRejectedError('too_large', 'too_large', oversized[0]!.originalName)
	return { file: files[0]!, fields }
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
