import type express from 'express'

/** The text of a 400 for a request the server cannot read (a path it cannot decode, a malformed body). */
export const BAD_REQUEST_TEXT = 'Bad request.'

/** True when every segment of the path decodes (`/foo%ZZ` does not). */
export function isDecodablePath(path: string) {
	try {
		decodeURIComponent(path)
		return true
	} catch {
		return false
	}
}

/**
 * Refuses a path with a malformed percent-encoding with 400 before anything
 * (static files, Remix's router, the request log) tries to decode it.
 */
export function refuseMalformedPaths(): express.RequestHandler {
	return (req, res, next) => {
		if (isDecodablePath(req.path)) return next()
		res.status(400).type('text/plain').send(BAD_REQUEST_TEXT)
	}
}

/**
 * The 4xx status of an error the client caused, or null for a server error:
 * an error carrying a client status (http-errors' `status`/`statusCode`, as
 * body parsers and static files throw them) or a URIError (a bad encoding).
 */
export function clientErrorStatus(error: unknown): number | null {
	if (error instanceof URIError) return 400
	if (typeof error !== 'object' || error === null) return null
	const { status, statusCode } = error as { status?: unknown; statusCode?: unknown }
	const code = typeof status === 'number' ? status : typeof statusCode === 'number' ? statusCode : null
	return code !== null && code >= 400 && code < 500 ? code : null
}
