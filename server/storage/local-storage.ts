import { createReadStream, createWriteStream } from 'node:fs'
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { assertStorageKey, assertStoragePrefix, clampRange, type ByteRange, type FileStorage, type StoredObject } from './file-storage.ts'

/** Files in a folder on this machine (one machine: development, tests, the single-container deploy). */
export class LocalFileStorage implements FileStorage {
	readonly kind = 'local'

	constructor(readonly root: string) {}

	private pathOf(key: string) {
		assertStorageKey(key)
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

	async putStream(key: string, body: Readable) {
		const target = this.pathOf(key)
		await mkdir(path.dirname(target), { recursive: true })
		const partial = `${target}.${process.pid}.part`
		try {
			await pipeline(body, createWriteStream(partial, { mode: 0o600 }))
			await rename(partial, target)
		} finally {
			await rm(partial, { force: true })
		}
	}

	/** Written under a temporary name and renamed: a reader never sees half a file, and a failed write leaves nothing. */
	async putBuffer(key: string, data: Buffer) {
		const target = this.pathOf(key)
		await mkdir(path.dirname(target), { recursive: true })
		const partial = `${target}.${process.pid}.part`
		try {
			await writeFile(partial, data, { mode: 0o600 })
			await rename(partial, target)
		} finally {
			await rm(partial, { force: true })
		}
	}

	read(key: string) {
		return readFile(this.pathOf(key))
	}

	async stream(key: string, range?: ByteRange) {
		const file = this.pathOf(key)
		const { size: totalSize } = await stat(file)
		const part = range ? clampRange(range, totalSize) : undefined
		const body = Readable.toWeb(createReadStream(file, part ? { start: part.start, end: part.end } : {})) as ReadableStream<Uint8Array>
		return { body, size: part ? part.end - part.start + 1 : totalSize, totalSize, range: part }
	}

	async stat(key: string) {
		try {
			const info = await stat(this.pathOf(key))
			return info.isFile() ? { size: info.size } : null
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
			throw error
		}
	}

	async *list(prefix: string): AsyncIterable<StoredObject> {
		assertStoragePrefix(prefix)
		yield* this.walk(prefix)
	}

	private async *walk(prefix: string): AsyncIterable<StoredObject> {
		const folder = path.join(this.root, prefix)
		let entries
		try {
			entries = await readdir(folder, { withFileTypes: true })
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
			throw error
		}
		for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
			if (entry.isDirectory()) yield* this.walk(`${prefix}${entry.name}/`)
			else if (entry.isFile() && !entry.name.endsWith('.part')) {
				const { size } = await stat(path.join(folder, entry.name))
				yield { key: `${prefix}${entry.name}`, size }
			}
		}
	}

	async remove(key: string) {
		await rm(this.pathOf(key), { force: true })
	}

	async removePrefix(prefix: string) {
		let count = 0
		for await (const _object of this.list(prefix)) count++
		await rm(path.join(this.root, prefix), { recursive: true, force: true })
		return count
	}
}
