import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

export const TEST_BUCKET = 'carebook-test'
/** s3rver's fixed access key pair. */
export const TEST_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

/**
 * An S3 protocol server (s3rver, from npm) on loopback with one empty bucket,
 * its objects in a temporary folder; stop() closes it and removes the folder.
 */
export async function startS3Server(bucket = TEST_BUCKET) {
	const directory = await mkdtemp(path.join(tmpdir(), 'carebook-s3-'))
	const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] })
	const { port } = await server.run()
	const endpoint = `http://127.0.0.1:${port}`
	return {
		endpoint,
		bucket,
		/** The variables that point the app at this server. */
		env: {
			S3_BUCKET: bucket,
			S3_ENDPOINT: endpoint,
			S3_REGION: 'us-east-1',
			S3_FORCE_PATH_STYLE: 'true',
			AWS_ACCESS_KEY_ID: TEST_S3_CREDENTIALS.accessKeyId,
			AWS_SECRET_ACCESS_KEY: TEST_S3_CREDENTIALS.secretAccessKey,
		},
		config: { bucket, endpoint, region: 'us-east-1', forcePathStyle: true, credentials: TEST_S3_CREDENTIALS },
		async stop() {
			await server.close()
			await rm(directory, { recursive: true, force: true })
		},
	}
}
