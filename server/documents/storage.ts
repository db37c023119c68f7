import { createReadStream } from 'node:fs'
import { mkdir, readFile, rename, rm, stat, writeFile, copyFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { getEnv } from '#server/env.server.ts'

/**
 * Where document files live. Keys are generated (`<organization id>/<uuid>`),
 * never a user's file name; an S3-compatible store can implement the same
 * interface later.
 */
export interface FileStorage {
	/** Moves a finished temporary file into the store under `key`. */
	putFile(key: string, tempPath: string): Promise<void>
	putBuffer(key: string, data: Buffer): Promise<void>
	read(key: string): Promise<Buffer>
	stream(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number }>
	remove(key: string): Promise<void>
}

const KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9.-]+)*$/

function assertKey(key: string) {
	if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error('Refusing a malformed storage key')
}

export class LocalFileStorage implements FileStorage {
	constructor(private readonly root: string) {}

	private pathOf(key: string) {
		assertKey(key)
		const full = path.join(this.root, key)
		if (!full.startsWith(this.root + path.sep)) throw new Error('Refusing a storage key outside the store')
		return full
	}

	async putFile(key: string, tempPath: string) {
		const target = this.pathOf(key)
		await mkdir(path.dirname(target), { recursive: true })
		try {
			await rename(tempPath, target)
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
			await copyFile(tempPath, target)
			await rm(tempPath, { force: true })
		}
	}

	async putBuffer(key: string, data: Buffer) {
		const target = this.pathOf(key)
		await mkdir(path.dirname(target), { recursive: true })
		await writeFile(target, data)
	}

	read(key: string) {
		return readFile(this.pathOf(key))
	}

	async stream(key: string) {
		const file = this.pathOf(key)
		const { size } = await stat(file)
		return { body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size }
	}

	async remove(key: string) {
		await rm(this.pathOf(key), { force: true })
	}
}

let storage: FileStorage | undefined

export function getFileStorage(): FileStorage {
	storage ??= new LocalFileStorage(path.join(getEnv().dataDir, 'files'))
	return storage
}

/** Folder for uploads in flight (same disk as the store, so the final move is a rename). */
export function uploadTempDir() {
	return path.join(getEnv().dataDir, 'tmp')
}
