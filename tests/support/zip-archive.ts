import { fromBuffer, type Entry, type ZipFile } from 'yauzl'

/** Every file of a zip archive, by its name. */
export function readZip(buffer: Buffer): Promise<Map<string, Buffer>> {
	return new Promise((resolve, reject) => {
		fromBuffer(buffer, { lazyEntries: true }, (error: Error | null, zip: ZipFile) => {
			if (error) return reject(error)
			const files = new Map<string, Buffer>()
			zip.on('entry', (entry: Entry) => {
				zip.openReadStream(entry, (streamError, stream) => {
					if (streamError) return reject(streamError)
					const chunks: Buffer[] = []
					stream.on('data', (chunk: Buffer) => chunks.push(chunk))
					stream.on('end', () => {
						files.set(entry.fileName, Buffer.concat(chunks))
						zip.readEntry()
					})
				})
			})
			zip.on('end', () => resolve(files))
			zip.readEntry()
		})
	})
}

export async function streamToBuffer(body: ReadableStream<Uint8Array>) {
	return Buffer.from(await new Response(body).arrayBuffer())
}
