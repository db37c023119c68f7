import type { Readable } from 'node:stream'

/** Inclusive byte positions of a part of a file (an HTTP Range). */
export type ByteRange = { start: number; end: number }

export type StoredFileStream = {
	body: ReadableStream<Uint8Array>
	/** Bytes in `body` (the range's length when a range was asked for). */
	size: number
	/** The whole file's size. */
	totalSize: number
	/** The part sent, when a range was asked for. */
	range?: ByteRange
	/** A Range that starts past the end was asked for: nothing is sent (HTTP 416). */
	isUnsatisfiable?: boolean
}

export type StoredObject = { key: string; size: number }

/**
 * Where files live (document originals and previews, data exports). Keys are
 * generated (`<organization id>/<uuid>…`), never a user's file name. Two
 * implementations: the local folder (default) and S3-compatible object
 * storage, chosen by configuration (getFileStorage).
 */
export interface FileStorage {
	readonly kind: 'local' | 's3'
	/** Moves a finished temporary file into the store under `key` (streamed; the temporary file is gone afterwards). */
	putFile(key: string, tempPath: string): Promise<void>
	/** Streams `body` into the store under `key` without holding it in memory. */
	putStream(key: string, body: Readable): Promise<void>
	putBuffer(key: string, data: Buffer): Promise<void>
	read(key: string): Promise<Buffer>
	/** The file, or the part of it `range` names (clamped to the file; throws RangeNotSatisfiableError past its end). */
	stream(key: string, range?: ByteRange): Promise<StoredFileStream>
	/** The object's size, or null when there is none. */
	stat(key: string): Promise<{ size: number } | null>
	/** Every object under `prefix` (`<organization id>/`), in pages. */
	list(prefix: string): AsyncIterable<StoredObject>
	remove(key: string): Promise<void>
	/** Removes every object under `prefix`; answers how many. */
	removePrefix(prefix: string): Promise<number>
}

export class RangeNotSatisfiableError extends Error {
	constructor(readonly totalSize: number) {
		super('Range not satisfiable')
	}
}

const KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9.-]+)*$/
const PREFIX_PATTERN = /^[a-z0-9-]+\/([a-z0-9.-]+\/)*$/

export function assertStorageKey(key: string) {
	if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error('Refusing a malformed storage key')
}

/** A prefix is one or more key segments ending in '/': never the whole store. */
export function assertStoragePrefix(prefix: string) {
	if (!PREFIX_PATTERN.test(prefix) || prefix.includes('..')) throw new Error('Refusing a malformed storage prefix')
}

/** Clamps a range to a file of `totalSize` bytes; throws when it starts past the end. */
export function clampRange(range: ByteRange, totalSize: number): ByteRange {
	if (range.start >= totalSize || range.start > range.end) throw new RangeNotSatisfiableError(totalSize)
	return { start: range.start, end: Math.min(range.end, totalSize - 1) }
}
