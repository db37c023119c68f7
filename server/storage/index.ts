import path from 'node:path'
import { getEnv, type Env } from '#server/env.server.ts'
import type { FileStorage, StoredFileStream } from './file-storage.ts'
import { LocalFileStorage } from './local-storage.ts'
import { parseRangeHeader } from './range-header.ts'
import { S3FileStorage } from './s3-storage.ts'

export { RangeNotSatisfiableError, type FileStorage } from './file-storage.ts'
export { LocalFileStorage } from './local-storage.ts'
export { S3FileStorage } from './s3-storage.ts'
export { copyLocalFilesToBucket } from './copy-to-bucket.ts'
export { copyToTempFile, StoredFileTooLargeError } from './temp-file.ts'
export { isStorageFullError } from './storage-full.ts'

/** The store configuration names: the S3 bucket when S3_BUCKET is set, else the local folder DATA_DIR/files. */
export function createFileStorage(env: Pick<Env, 'dataDir' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_FORCE_PATH_STYLE'>): FileStorage {
	if (env.S3_BUCKET) {
		return new S3FileStorage({
			bucket: env.S3_BUCKET,
			endpoint: env.S3_ENDPOINT,
			region: env.S3_REGION,
			forcePathStyle: env.S3_FORCE_PATH_STYLE || undefined,
		})
	}
	return localFileStorage(env.dataDir)
}

export function localFileStorage(dataDir: string) {
	return new LocalFileStorage(path.join(dataDir, 'files'))
}

/**
 * A stored file for an HTTP answer: the part a Range header names (one range;
 * any other form gets the whole file), or the whole file.
 */
export async function openStoredFile(key: string, rangeHeader: string | null = null): Promise<StoredFileStream> {
	const storage = getFileStorage()
	if (!rangeHeader) return storage.stream(key)
	const found = await storage.stat(key)
	if (!found) throw new Error('Stored file not found')
	const range = parseRangeHeader(rangeHeader, found.size)
	if (range === 'unsatisfiable') return { body: new ReadableStream(), size: 0, totalSize: found.size, isUnsatisfiable: true }
	return storage.stream(key, range ?? undefined)
}

let storage: FileStorage | undefined

export function getFileStorage(): FileStorage {
	storage ??= createFileStorage(getEnv())
	return storage
}

/** Folder for uploads, exports and the worker's copies for extraction in flight: always on this machine's disk, each bounded by the upload limit. */
export function uploadTempDir() {
	return path.join(getEnv().dataDir, 'tmp')
}

/** Every object of one organization: its documents, previews and exports. */
export function organizationStoragePrefix(organizationId: string) {
	return `${organizationId}/`
}

/** Removes every file an organization has in the store (originals, previews, exports); answers how many. */
export function removeOrganizationFiles(organizationId: string) {
	return getFileStorage().removePrefix(organizationStoragePrefix(organizationId))
}
