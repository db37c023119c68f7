import { UPLOAD_TEXTS } from '#server/documents/shared/file-checks.ts'

export type SendResult = { ok: true; documentId: string } | { ok: false; message: string }

/**
 * Uploads one file to the upload endpoint with XMLHttpRequest, whose upload
 * events give a real progress percent (fetch has none for request bodies).
 */
export function sendFile(file: Blob, fileName: string, onProgress: (percent: number) => void): Promise<SendResult> {
	return new Promise((resolve) => {
		const request = new XMLHttpRequest()
		request.open('POST', '/api/documents/upload')
		request.responseType = 'json'
		request.upload.onprogress = (event) => {
			if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)))
		}
		request.onload = () => {
			const body = (request.response ?? {}) as { documentId?: string; message?: string; error?: string }
			if (request.status === 401) {
				window.location.assign(`/login?${new URLSearchParams({ redirectTo: '/upload' })}`)
				return
			}
			if (request.status === 201 && body.documentId) resolve({ ok: true, documentId: body.documentId })
			else resolve({ ok: false, message: body.message ?? UPLOAD_TEXTS.failedFallback(fileName) })
		}
		request.onerror = () => resolve({ ok: false, message: UPLOAD_TEXTS.failedFallback(fileName) })
		request.timeout = 120_000
		request.ontimeout = request.onerror
		const form = new FormData()
		form.append('file', file, fileName)
		request.send(form)
	})
}
