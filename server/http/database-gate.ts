import type express from 'express'
import { isDatabaseAvailable } from '#db/availability.ts'
import { logger } from '#server/logger.ts'

/** A request still running after this long makes the database be asked again (it may be what the request waits on). */
const SLOW_REQUEST_MS = 2_000
/** Seconds a client is told to wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 10

export const DATABASE_UNAVAILABLE_TEXT = 'Carebook cannot reach its database right now, so nothing can be shown or saved. Please try again in a minute.'

/** Paths answered without the database (the health check answers for itself). */
const UNGATED_PATHS = new Set(['/healthz'])

/**
 * Refuses a request with 503 at once while the database does not answer
 * (db/availability.ts: a probe at most once a second, with a 1.5 s
 * deadline), with a page that says so, or JSON for API and data requests.
 * A request that is still running after two seconds has the database asked
 * again: when it stopped answering, the pool is ended and that request fails
 * instead of hanging.
 */
export function refuseWithoutDatabase(): express.RequestHandler {
	return (req, res, next) => {
		if (UNGATED_PATHS.has(req.path)) return next()
		isDatabaseAvailable().then(
			(isAvailable) => {
				if (!isAvailable) return sendDatabaseUnavailable(req, res)
				const slow = setTimeout(() => void isDatabaseAvailable({ fresh: true }), SLOW_REQUEST_MS)
				slow.unref()
				res.once('close', () => clearTimeout(slow))
				next()
			},
			(error: unknown) => next(error),
		)
	}
}

/** The 503 answer: an HTML page for a browser's page request, JSON otherwise. */
export function sendDatabaseUnavailable(req: express.Request, res: express.Response) {
	logger.warn('http.database_unavailable', { requestId: res.locals.requestId, method: req.method })
	res.status(503).set({ 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' })
	const wantsPage = req.accepts(['html', 'json']) === 'html' && !req.path.startsWith('/api/') && !req.path.endsWith('.data')
	if (!wantsPage) {
		res.json({ error: 'database_unavailable', message: DATABASE_UNAVAILABLE_TEXT })
		return
	}
	res.type('html').send(unavailablePage(String(res.locals.cspNonce ?? '')))
}

/** The page that says the database cannot be reached (here, and for a page whose loader lost the database: app/entry.server.tsx). */
export function unavailablePage(nonce: string) {
	return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Temporarily unavailable · Carebook</title>
<style nonce="${nonce}">
body { font-family: system-ui, sans-serif; background: #f8fafc; color: #0f172a; margin: 0; display: grid; place-items: center; min-height: 100vh; }
main { max-width: 32rem; padding: 2rem; background: #fff; border: 1px solid #e2e8f0; border-radius: 0.75rem; }
h1 { font-size: 1.25rem; margin: 0 0 0.75rem; }
p { line-height: 1.5; margin: 0 0 1rem; }
a { color: #2563eb; }
</style>
</head>
<body>
<main>
<h1>Temporarily unavailable</h1>
<p>${DATABASE_UNAVAILABLE_TEXT}</p>
<p><a href="">Try again</a></p>
</main>
</body>
</html>`
}
