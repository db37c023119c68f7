import type { IncomingMessage } from 'node:http'
import type express from 'express'
import { logger } from '#server/logger.ts'

/** The most a form post or API call may send: forms and tRPC input are text, far below this. */
export const REQUEST_BODY_LIMIT_BYTES = 1024 * 1024

/**
 * The actions that take a file (the upload API and the upload page's form
 * without JavaScript, also under Remix's `.data` suffix): they stream the
 * body to disk with their own limits (receiveUpload: the whole body, parts,
 * fields, headers, parsing stopped at the first violation), so they are left alone.
 */
const STREAMED_UPLOAD_PATHS = new Set(['/api/documents/upload', '/api/v1/documents/upload-and-process', '/upload', '/upload.data'])

const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses request bodies over the limit with 413 before anything reads them,
 * so no action buffers more than the limit (Remix reads `request.formData()`
 * whole). A declared Content-Length over the limit is refused at once (Node's
 * parser never passes more bytes than declared). A body without one
 * (chunked) is counted as it arrives and held, at most the limit, until it is
 * complete: over the limit it is refused and the rest discarded; within it,
 * it is handed on untouched.
 */
export function limitRequestBodies(options: { limitBytes?: number } = {}): express.RequestHandler {
	const limitBytes = options.limitBytes ?? REQUEST_BODY_LIMIT_BYTES
	return (req, res, next) => {
		if (BODYLESS_METHODS.has(req.method) || STREAMED_UPLOAD_PATHS.has(req.path)) return next()
		const declared = req.headers['content-length']
		if (declared !== undefined) {
			if (!/^\d+$/.test(declared) || Number(declared) > limitBytes) return refuse(req, res)
			return next()
		}
		if (req.headers['transfer-encoding'] === undefined) return next()
		holdChunkedBody(req, limitBytes, {
			// Out of the parser's callback before going on.
			onComplete: () => process.nextTick(next),
			onTooLarge: () => process.nextTick(() => refuse(req, res)),
		})
	}
}

/**
 * Takes over the request's `push` (through which Node's HTTP parser hands
 * over each piece of the body) until the body is complete or too large.
 */
function holdChunkedBody(req: IncomingMessage, limitBytes: number, handlers: { onComplete: () => void; onTooLarge: () => void }) {
	// Pieces that arrived before this middleware ran are already in the stream's buffer.
	let size = req.readableLength
	if (size > limitBytes) return handlers.onTooLarge()
	if (req.complete) return handlers.onComplete()

	const push = req.push
	const held: Buffer[] = []
	let isTooLarge = false
	req.push = function holdPiece(chunk: unknown, encoding?: BufferEncoding) {
		if (isTooLarge) return true // discarded
		if (chunk === null) {
			req.push = push
			for (const piece of held) push.call(req, piece)
			const result = push.call(req, null, encoding)
			handlers.onComplete()
			return result
		}
		const piece = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding)
		size += piece.byteLength
		if (size > limitBytes) {
			isTooLarge = true
			held.length = 0
			handlers.onTooLarge()
			return true
		}
		held.push(piece)
		return true
	}
}

function refuse(req: express.Request, res: express.Response) {
	logger.warn('http.body_too_large', { requestId: res.locals.requestId, method: req.method })
	res.status(413).type('text/plain').send('Request body too large.')
}
