import { createHash, randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { once } from 'node:events'
import { pipeline } from 'node:stream/promises'
import busboy from 'busboy'
import { z } from 'zod'
import { safeText, TEXT_LIMITS } from '#server/validation/shared/text.ts'
import { FileTypeReader, type DetectedFileType } from '#server/extraction/index.ts'
import { MAX_UPLOAD_BYTES } from './shared/messages.ts'
import { isStorageFullError, uploadTempDir } from '#server/storage/index.ts'
import { describeError, logger } from '#server/logger.ts'

export type ReceivedFile = {
	tempPath: string
	originalName: string
	size: number
	sha256: string
	/** its type by content, told while it streamed (FileTypeReader: magic bytes, a JSON file's structure) */
	type: DetectedFileType
}

export class UploadRejectedError extends Error {
	constructor(
		/**
		 * too_large: over a size (413); bad_form: too many parts or a field too long (413); malformed: not a complete
		 * multipart form (400); storage_full: the temporary file could not be written for want of room (507).
		 */
		readonly reason: 'too_large' | 'no_file' | 'bad_form' | 'malformed' | 'storage_full',
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

type Violation = { reason: 'too_large' | 'bad_form' | 'malformed' | 'storage_full' }

/** A file of a several-file upload that was not kept: over 20 MB (read and discarded). */
export type OversizedFile = { originalName: string }

/**
 * Streams the multipart file parts named 'file' (up to `maxFiles`; any more
 * are dropped) each to a temporary file, hashing it and typing it by content
 * as it passes (FileTypeReader); never holds a file in memory. Parsed by busboy
 * with limits, and parsing stops at the first violation: a body over
 * `maxFiles` x 20 MB plus the form's overhead ('too_large'), more than
 * MAX_UPLOAD_PARTS parts besides the files, a field over
 * MAX_UPLOAD_FIELD_BYTES or a long field name ('bad_form'), a part header
 * over 16 KB, a body that is not multipart or ends before its closing
 * boundary ('malformed'). Nothing past the violation is parsed or kept; the
 * rest of the body is read and dropped up to the body limit in the
 * background (so a browser still reads the answer), then the connection is
 * cut. A file over 20 MB refuses a one-file upload ('too_large'); in a
 * several-file upload it is cut off, kept nowhere and reported in `oversized`.
 * A temporary file that cannot be written (a full disk: 'storage_full';
 * any other write error is thrown) stops the parse at once the same way:
 * every file of the request is removed, the error logged by its code.
 * docs/decisions/006-hostile-files.md
 */
export async function receiveUploads(
	request: Request,
	{ maxFiles }: { maxFiles: number },
): Promise<{ files: ReceivedFile[]; oversized: OversizedFile[]; fields: Record<string, string> }> {
	const maxBodyBytes = maxFiles * MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD
	const maxParts = MAX_UPLOAD_PARTS + maxFiles - 1
	const declaredLength = Number(request.headers.get('content-length') ?? 0)
	if (declaredLength > maxBodyBytes) throw new UploadRejectedError('too_large', 'too_large')
	const contentType = request.headers.get('content-type') ?? ''
	if (!request.body || !/^multipart\/form-data\s*;/i.test(contentType)) throw new UploadRejectedError('malformed', 'malformed')
	let parser: busboy.Busboy
	try {
		parser = busboy({
			headers: { 'content-type': contentType },
			// browsers send a file's name as UTF-8 bytes ('Müller.pdf'), not latin1
			defParamCharset: 'utf8',
			limits: {
				// busboy tells when this many parts have ended: one past ours is the violation
				parts: maxParts + 1,
				// busboy marks a value that reaches its limit as cut: one byte past ours
				fieldSize: MAX_UPLOAD_FIELD_BYTES + 1,
				fieldNameSize: MAX_FIELD_NAME_BYTES,
				fileSize: MAX_UPLOAD_BYTES + 1,
				headerPairs: MAX_PART_HEADER_PAIRS,
				files: maxFiles,
			},
		})
	} catch {
		// no boundary, or not a form busboy knows
		throw new UploadRejectedError('malformed', 'malformed')
	}
	await mkdir(uploadTempDir(), { recursive: true })

	const received: Array<ReceivedFile & { isTooLarge: boolean }> = []
	const fileWrites: Promise<void>[] = []
	const fields: Record<string, string> = Object.create(null)
	let partCount = 0
	let violation: Violation | null = null
	let writeError: unknown = null
	// settles when a temporary file cannot be written: the body is not read further
	let signalWriteFailed = () => {}
	const writeFailed = new Promise<void>((resolve) => (signalWriteFailed = resolve))
	const violate = (reason: Violation['reason']) => {
		violation ??= { reason }
	}
	const countPart = () => {
		partCount++
		if (partCount > maxParts) violate('bad_form')
	}

	parser.on('field', (name, value, info) => {
		countPart()
		if (info.nameTruncated || info.valueTruncated) return violate('bad_form')
		if (!violation) fields[name] = value
	})
	parser.on('file', (name, stream, info) => {
		countPart()
		// at most maxFiles files per request, named 'file': any other is dropped, and so is the
		// nameless empty part a browser sends for a file input left empty
		if (violation || name !== 'file' || !info.filename || received.length >= maxFiles) return void stream.resume()
		const typing = new FileTypeReader()
		const file = {
			tempPath: path.join(uploadTempDir(), `${randomUUID()}.part`),
			originalName: basename(info.filename ?? ''),
			size: 0,
			sha256: '',
			// told again once it has all streamed in (an empty file stays 'empty_file')
			type: typing.result(),
			isTooLarge: false,
		}
		received.push(file)
		const hash = createHash('sha256')
		stream.on('data', (chunk: Buffer) => {
			file.size += chunk.byteLength
			typing.push(chunk)
			hash.update(chunk)
		})
		stream.on('limit', () => {
			file.isTooLarge = true
			if (maxFiles === 1) violate('too_large')
		})
		const write = pipeline(stream, createWriteStream(file.tempPath, { flags: 'wx', mode: 0o600 })).then(
			() => {
				file.sha256 = hash.digest('hex')
				file.type = typing.result(file.originalName)
			},
			(error: unknown) => {
				// the file stream failed (no room, an I/O error) rather than the body: busboy waits forever for a destroyed file stream
				if (isFileWriteError(error)) {
					writeError ??= error
					if (isStorageFullError(error)) violate('storage_full')
					signalWriteFailed()
				}
				throw error
			},
		)
		// a failure here is the parse's failure, reported below
		write.catch(() => {})
		fileWrites.push(write)
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
			if (violation || writeError) break
			const { done, value } = await reader.read()
			if (done) break
			bodyBytes += value.byteLength
			if (bodyBytes > maxBodyBytes) {
				violate('too_large')
				break
			}
			if (!parser.write(value)) await Promise.race([once(parser, 'drain'), parsed, writeFailed])
		}
		if (!violation && !writeError) {
			parser.end()
			await Promise.race([parsed, writeFailed])
			await Promise.all(fileWrites)
		}
	} catch {
		// busboy's own refusals (a part header over 16 KB, the body ending before the closing boundary)
		if (!writeError) violate('malformed')
	}
	const removeAll = (files: ReceivedFile[]) => Promise.all(files.map((file) => rm(file.tempPath, { force: true })))
	if (writeError) {
		// By its code only: the path names nothing of the patient's, but the rule is codes, not messages.
		logger.error('documents.upload_write_failed', describeError(writeError))
		if (!violation) {
			parser.destroy()
			await Promise.all(fileWrites.map((write) => write.catch(() => {})))
			await removeAll(received)
			void discardRest(reader, maxBodyBytes - bodyBytes)
			throw writeError
		}
	}
	if (violation) {
		parser.destroy()
		await Promise.all(fileWrites.map((write) => write.catch(() => {})))
		await removeAll(received)
		void discardRest(reader, maxBodyBytes - bodyBytes)
		const { reason } = violation as Violation
		throw new UploadRejectedError(reason, reason, received[0]?.originalName ?? null)
	}
	if (!received.length) throw new UploadRejectedError('no_file', 'no_file')
	const tooLarge = received.filter((file) => file.isTooLarge)
	await removeAll(tooLarge)
	const files = received.filter((file) => !file.isTooLarge).map(({ isTooLarge: _isTooLarge, ...file }) => file)
	return { files, oversized: tooLarge.map((file) => ({ originalName: file.originalName })), fields }
}

/**
 * One file per request (the upload API and the page's progress uploads):
 * receiveUploads for a single file, where a file over 20 MB refuses the
 * upload ('too_large').
 */
export async function receiveUpload(request: Request): Promise<{ file: ReceivedFile; fields: Record<string, string> }> {
	const { files, oversized, fields } = await receiveUploads(request, { maxFiles: 1 })
	if (oversized.length || !files[0]) throw new UploadRejectedError('too_large', 'too_large', oversized[0]?.originalName ?? null)
	return { file: files[0], fields }
}

/** A failure of the file system (an errno code: ENOSPC, EIO, EROFS…), not of the request's stream. */
function isFileWriteError(error: unknown) {
	const code = (error as NodeJS.ErrnoException | null)?.code
	return typeof code === 'string' && /^E[A-Z]+$/.test(code) && code !== 'ECONNRESET' && code !== 'EPIPE'
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
