import { readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Task } from 'graphile-worker'
import { uploadTempDir } from '#server/storage/index.ts'
import { logger } from '#server/logger.ts'

/** An upload in flight is written within seconds and an extraction ends within its time limit; a temporary file this old was left by a crash. */
export const UPLOAD_TEMP_FILE_MAX_AGE_MS = 60 * 60 * 1000

/**
 * Removes temporary files older than the maximum age: uploads
 * (`<data>/tmp/*.part`), which a web process that died mid-upload leaves
 * behind, and the worker's copies for extraction (`*.extract`), left by a
 * worker that died mid-extraction. Runs when the worker starts and every hour.
 */
export async function sweepUploadTempFiles(options: { maxAgeMs?: number; now?: number } = {}): Promise<number> {
	const folder = uploadTempDir()
	const cutoff = (options.now ?? Date.now()) - (options.maxAgeMs ?? UPLOAD_TEMP_FILE_MAX_AGE_MS)
	let names: string[]
	try {
		names = await readdir(folder)
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0
		throw error
	}
	let removed = 0
	for (const name of names) {
		if (!name.endsWith('.part') && !name.endsWith('.extract')) continue
		const file = path.join(folder, name)
		try {
			const info = await stat(file)
			if (!info.isFile() || info.mtimeMs >= cutoff) continue
			await rm(file, { force: true })
			removed++
		} catch {
			// gone meanwhile (finished or removed by the upload itself)
		}
	}
	return removed
}

export const sweepUploadTempFilesTask: Task = async () => {
	const removed = await sweepUploadTempFiles()
	if (removed) logger.info('jobs.swept_upload_temp_files', { removed })
}
