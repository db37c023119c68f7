import { createHash, randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { once } from 'node:events'
import { pipeline } from 'node:stream/promises'
import busboy from 'busboy'
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
		/** too_large: over a size (413); bad_form: too many parts or a field too long (413); malformed: not a complete multipart form (400). */
		readonly reason: 'too_large' | 'no_file' | 'bad_form' | 'malformed',
		message: string,
		readonly fileName: string | null = null,
	) {
		super(message)
	}
}

/** The most one non-file field may hold, and the most parts (the file and fields) one upload may have. */
export const MAX_UPLOAD_FIELD_BYTES = 10_000
export const MAX_UPLOAD_PARTS = 8
/** The form around the file: part headers and the small fields. */
const MULTIPART_OVERHEAD = 64 * 1024
/** The most a whole upload body may be, whether or not it declares its length. */
export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD
/** A field's name and a part's header lines: forms send a handful of short ones. */
const MAX_FIELD_NAME_BYTES = 100
const MAX_PART_HEADER_PAIRS = 8

type Violation = { reason: 'too_large' | 'bad_form' | 'malformed' }

/**
 * Streams one multipart file part to a temporary file, hashing it and keeping
 * its first bytes for type detection; never holds the file in memory.
 * Parsed by busboy with limits, and parsing stops at the first violation:
 * a body over MAX_UPLOAD_BODY_BYTES or a file over 20 MB ('too_large'), more
 * than MAX_UPLOAD_PARTS parts, a field over MAX_UPLOAD_FIELD_BYTES or a long
 * field name ('bad_form'), a part header over 16 KB, a body that is not
 * multipart or ends before its closing boundary ('malformed'). Nothing past
 * the violation is parsed or kept; the rest of the body is read and dropped
 * up to MAX_UPLOAD_BODY_BYTES in the background (so a browser still reads the
 * answer), then the connection is cut. A second file part is ignored.
 * docs/decisions/006-hostile-files.md
 */
export async function receiveUpload(request: Request): Promise<{ file: ReceivedFile; fields: Record<string, string> }> {
	const declaredLength = Number(request.headers.get('content-length') ?? 0)
	if (declaredLength > MAX_UPLOAD_BODY_BYTES) throw new UploadRejectedError('too_large', 'too_large')
	const contentType = request.headers.get('content-type') ?? ''
	if (!request.body || !/^multipart\/form-data\s*;/i.test(contentType)) throw new UploadRejectedError('malformed', 'malformed')
	let parser: busboy.Busboy
	try {
		parser = busboy({
			headers: { 'content-type': contentType },
			limits: {
				// busboy tells when this many parts have ended: one past ours is the violation
				parts: MAX_UPLOAD_PARTS + 1,
				// busboy marks a value that reaches its limit as cut: one byte past ours
				fieldSize: MAX_UPLOAD_FIELD_BYTES + 1,
				fieldNameSize: MAX_FIELD_NAME_BYTES,
				fileSize: MAX_UPLOAD_BYTES + 1,
				headerPairs: MAX_PART_HEADER_PAIRS,
				files: 1,
			},
		})
	} catch {
		// no boundary, or not a form busboy knows
		throw new UploadRejectedError('malformed', 'malformed')
	}
	await mkdir(uploadTempDir(), { recursive: true })

	let file: ReceivedFile | null = null
	let fileWrite = null as Promise<void> | null
	const fields: Record<string, string> = Object.create(null)
	let partCount = 0
	let violation: Violation | null = null
	const violate = (reason: Violation['reason']) => {
		violation ??= { reason }
	}
	const countPart = () => {
		partCount++
		if (partCount > MAX_UPLOAD_PARTS) violate('bad_form')
	}

	parser.on('field', (name, value, info) => {
		countPart()
		if (info.nameTruncated || info.valueTruncated) return violate('bad_form')
		if (!violation) fields[name] = value
	})
	parser.on('file', (name, stream, info) => {
		countPart()
		// only one file per request, named 'file': any other is dropped
		if (violation || name !== 'file' || file) return void stream.resume()
		const received: ReceivedFile = { tempPath: path.join(uploadTempDir(), `${randomUUID()}.part`), originalName: basename(info.filename ?? ''), size: 0, sha256: '', head: Buffer.alloc(0) }
		file = received
		const hash = createHash('sha256')
		stream.on('data', (chunk: Buffer) => {
			received.size += chunk.byteLength
			if (received.head.length < FILE_TYPE_HEAD_BYTES) received.head = Buffer.concat([received.head, chunk]).subarray(0, FILE_TYPE_HEAD_BYTES)
			hash.update(chunk)
		})
		stream.on('limit', () => violate('too_large'))
		fileWrite = pipeline(stream, createWriteStream(received.tempPath, { flags: 'wx', mode: 0o600 })).then(() => {
			received.sha256 = hash.digest('hex')
		})
		// a failure here is the parse's failure, reported below
		fileWrite.catch(() => {})
	})
	parser.on('partsLimit', () => violate('bad_form'))
	const parsed = new Promise<void>((resolve, reject) => {
		parser.on('close', resolve)
		parser.on('error', reject)
	})
	parsed.catch(() => {})

	const reader = request.body.getReader()
	let bodyBytes = 0
	try {
		for (;;) {
			if (violation) break
			const { done, value } = await reader.read()
			if (done) break
			bodyBytes += value.byteLength
			if (bodyBytes > MAX_UPLOAD_BODY_BYTES) {
				violate('too_large')
				break
			}
			if (!parser.write(value)) await Promise.race([once(parser, 'drain'), parsed])
		}
		if (!violation) {
			parser.end()
			await parsed
			await fileWrite
		}
	} catch {
		// busboy's own refusals (a part header over 16 KB, the body ending before the closing boundary)
		violate('malformed')
	}
	const found = file as ReceivedFile | null
	if (violation) {
		parser.destroy()
		await fileWrite?.catch(() => {})
		if (found) await rm(found.tempPath, { force: true })
		void discardRest(reader, MAX_UPLOAD_BODY_BYTES - bodyBytes)
		const { reason } = violation as Violation
		throw new UploadRejectedError(reason, reason, found?.originalName ?? null)
	}
	if (!found) throw new UploadRejectedError('no_file', 'no_file')
	return { file: found, fields }
}

/** The file's own name, without a path a browser or script may send. */
function basename(fileName: string) {
	return fileName.split(/[/\\]/).pop() ?? ''
}

/**
 * Reads and drops what is left of a refused body, at most `maxBytes` (no
 * parsing), so the client finishes sending and reads the answer; past that,
 * the request is cancelled, which closes its connection.
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, maxBytes: number) {
	let left = maxBytes
	try {
		for (;;) {
			const { done, value } = await reader.read()
			if (done) return
			left -= value.byteLength
			if (left < 0) return void (await reader.cancel())
		}
	} catch {
		// the client went away
	}
}

export async function discardReceivedFile(file: ReceivedFile) {
	await rm(file.tempPath, { force: true })
}

const UploadFieldsSchema = z.record(safeText({ max: TEXT_LIMITS.uploadField, multiline: true }))

/** The form's other fields are not used, but follow the text rules like every field. */
export function hasValidUploadFields(fields: Record<string, string>) {
	return UploadFieldsSchema.safeParse(fields).success
}
