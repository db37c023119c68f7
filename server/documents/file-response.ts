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
