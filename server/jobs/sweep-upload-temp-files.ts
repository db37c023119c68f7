import { readdir, readlink, rm, stat } from 'node:fs/promises'
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
 * `unlessOpen`: also younger files, unless a process has them open (Linux:
 * /proc; elsewhere the age alone decides) — what the start script sweeps
 * before starting the web server and the worker, so a restart leaves none.
 */
export async function sweepUploadTempFiles(options: { maxAgeMs?: number; now?: number; unlessOpen?: boolean } = {}): Promise<number> {
	const folder = uploadTempDir()
	const openFiles = options.unlessOpen ? await filesOpenUnder(folder) : null
	const maxAgeMs = openFiles ? 0 : (options.maxAgeMs ?? UPLOAD_TEMP_FILE_MAX_AGE_MS)
	const cutoff = (options.now ?? Date.now()) - maxAgeMs
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
			if (!info.isFile() || info.mtimeMs > cutoff || openFiles?.has(file)) continue
			await rm(file, { force: true })
			removed++
		} catch {
			// gone meanwhile (finished or removed by the upload itself)
		}
	}
	return removed
}

/** The files under `folder` that some process has open (Linux, from /proc/<pid>/fd); null where that cannot be known. */
async function filesOpenUnder(folder: string): Promise<Set<string> | null> {
	if (process.platform !== 'linux') return null
	const open = new Set<string>()
	let pids: string[]
	try {
		pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name))
	} catch {
		return null
	}
	for (const pid of pids) {
		let descriptors: string[]
		try {
			descriptors = await readdir(`/proc/${pid}/fd`)
		} catch {
			// gone, or not ours to read
			continue
		}
		for (const descriptor of descriptors) {
			const target = await readlink(`/proc/${pid}/fd/${descriptor}`).catch(() => null)
			if (target?.startsWith(folder + path.sep)) open.add(target)
		}
	}
	return open
}

export const sweepUploadTempFilesTask: Task = async () => {
	const removed = await sweepUploadTempFiles()
	if (removed) logger.info('jobs.swept_upload_temp_files', { removed })
}
