/**
 * Copies the local file store (DATA_DIR/files) into the S3 bucket named by
 * S3_BUCKET (S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE, AWS credentials),
 * verifying each object by SHA-256; resumable (the journal of verified keys
 * is DATA_DIR/storage-to-bucket.journal). Run it before switching a
 * deployment to the bucket, and once more after stopping the old machine.
 * Usage: npm run storage:to-bucket
 */
import path from 'node:path'
import { getEnv } from '#server/env.server.ts'
import { copyLocalFilesToBucket, createFileStorage, localFileStorage } from '#server/storage/index.ts'

const env = getEnv('database')
if (!env.S3_BUCKET) {
	console.error('S3_BUCKET is not set: name the bucket to copy the files into')
	process.exit(1)
}
const source = localFileStorage(env.dataDir)
const target = createFileStorage(env)
const journalPath = path.join(env.dataDir, 'storage-to-bucket.journal')
console.log(`copying ${source.root} into s3://${env.S3_BUCKET} (journal ${journalPath})`)
const started = Date.now()
let lastPrinted = 0
const result = await copyLocalFilesToBucket(source, target, {
	journalPath,
	onProgress: (progress) => {
		if (Date.now() - lastPrinted < 1_000 && progress.done !== progress.total) return
		lastPrinted = Date.now()
		console.log(`${progress.done}/${progress.total} files: ${progress.copied} copied, ${progress.skipped} already there, ${progress.failed} failed`)
	},
})
console.log(
	`done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.copied} copied (${(result.bytes / 1e6).toFixed(1)} MB), ${result.skipped} already verified, ${result.failed} failed the checksum`,
)
process.exit(result.failed ? 1 : 0)
