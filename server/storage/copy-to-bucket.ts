import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { appendFile, readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { FileStorage, StoredObject } from './file-storage.ts'
import type { LocalFileStorage } from './local-storage.ts'

export type CopyProgress = { done: number; total: number; copied: number; skipped: number; failed: number; bytes: number }

/** Every object of a local store, organization by organization. */
async function* everyLocalObject(source: LocalFileStorage): AsyncIterable<StoredObject> {
	let folders
	try {
		folders = await readdir(source.root, { withFileTypes: true })
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
		throw error
	}
	for (const folder of folders.filter((entry) => entry.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
		yield* source.list(`${folder.name}/`)
	}
}

async function sha256Of(body: AsyncIterable<Uint8Array>) {
	const hash = createHash('sha256')
	for await (const chunk of body) hash.update(chunk)
	return hash.digest('hex')
}

async function readJournal(journalPath: string) {
	try {
		const lines = (await readFile(journalPath, 'utf8')).split('\n')
		return new Set(lines.filter(Boolean).map((line) => line.split(' ')[0]!))
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Set<string>()
		throw error
	}
}

/**
 * Copies every file of the local folder into the bucket. Each object is
 * streamed up, read back and compared by SHA-256 with the local file; only
 * then is its key written to the journal (`<key> <sha256>` a line). A run
 * skips what the journal holds, so a run stopped half-way (or a failure)
 * resumes where it was. An object whose checksum differs is removed from the
 * bucket and counted as failed (the local file stays). The local folder is
 * never changed.
 */
export async function copyLocalFilesToBucket(
	source: LocalFileStorage,
	target: FileStorage,
	options: { journalPath: string; onProgress?: (progress: CopyProgress) => void },
): Promise<CopyProgress> {
	const verified = await readJournal(options.journalPath)
	const objects: StoredObject[] = []
	for await (const object of everyLocalObject(source)) objects.push(object)
	const progress: CopyProgress = { done: 0, total: objects.length, copied: 0, skipped: 0, failed: 0, bytes: 0 }
	for (const object of objects) {
		if (verified.has(object.key)) {
			progress.skipped++
		} else {
			const localPath = path.join(source.root, object.key)
			const localSum = await sha256Of(createReadStream(localPath))
			await target.putStream(object.key, createReadStream(localPath))
			const copiedSum = await sha256Of((await target.stream(object.key)).body as unknown as AsyncIterable<Uint8Array>)
			if (copiedSum === localSum) {
				await appendFile(options.journalPath, `${object.key} ${localSum}\n`)
				progress.copied++
				progress.bytes += object.size
			} else {
				await target.remove(object.key)
				progress.failed++
			}
		}
		progress.done++
		options.onProgress?.({ ...progress })
	}
	return progress
}
