/**
 * Headers for serving a stored file: its detected type (never HTML), no
 * sniffing, a sandbox so even a hostile file cannot run script, no caching.
 * `download` asks the browser to save it rather than show it.
 */
export function fileResponseHeaders(file: { mimeType: string; fileName: string; fileKind: string; size: number }, options: { download?: boolean } = {}) {
	// a C-CDA or FHIR file is not shown in the browser as it is (its narrative is rendered from the record, sanitised)
	const disposition = options.download || file.fileKind === 'dicom' || file.fileKind === 'ccda' || file.fileKind === 'fhir' ? 'attachment' : 'inline'
	const asciiName = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
	return {
		'Content-Type': file.mimeType,
		'Content-Length': String(file.size),
		'Content-Disposition': `${disposition}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
		'Content-Security-Policy': "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; plugin-types application/pdf",
		'Cache-Control': 'private, no-store',
	}
}

type ServedFile = Parameters<typeof fileResponseHeaders>[0] & {
	body: ReadableStream<Uint8Array>
	totalSize?: number
	range?: { start: number; end: number }
	isUnsatisfiable?: boolean
}

/**
 * The answer for a stored file: 200 with the whole file, 206 with the part a
 * Range header asked for, 416 when that part starts past the end. Every
 * answer says ranges are accepted, so players and PDF viewers can seek.
 */
export function fileResponse(file: ServedFile, options: { download?: boolean; headers?: Record<string, string> } = {}) {
	const headers = { ...fileResponseHeaders(file, options), 'Accept-Ranges': 'bytes', ...options.headers }
	const totalSize = file.totalSize ?? file.size
	if (file.isUnsatisfiable) {
		void file.body.cancel()
		const { 'Content-Length': _length, ...rest } = headers
		return new Response(null, { status: 416, headers: { ...rest, 'Content-Range': `bytes */${totalSize}` } })
	}
	if (file.range) {
		return new Response(file.body, {
			status: 206,
			headers: { ...headers, 'Content-Range': `bytes ${file.range.start}-${file.range.end}/${totalSize}` },
		})
	}
	return new Response(file.body, { headers })
}
