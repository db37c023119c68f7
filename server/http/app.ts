import { randomBytes, randomUUID } from 'node:crypto'
import path from 'node:path'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import { getEnv } from '#server/env.server.ts'
import { PROJECT_ROOT } from '#server/project-root.ts'
import { describeError, logger } from '#server/logger.ts'
import { limitRequestBodies } from './body-limit.ts'
import { isDatabaseUnreachableError } from '#db/availability.ts'
import { refuseWithoutDatabase, sendDatabaseUnavailable } from './database-gate.ts'
import { BAD_REQUEST_TEXT, clientErrorStatus, refuseMalformedPaths } from './client-errors.ts'
import { stampClientIp } from './client-ip.ts'
import { allowedPostOrigins, isCrossSiteRequest } from './origin-check.ts'
import { routePatternOf } from './route-pattern.ts'
import { securityHeaders, sendsStrictTransportSecurity } from './security-headers.ts'

const root = PROJECT_ROOT

declare module '@remix-run/node' {
	interface AppLoadContext {
		requestId: string
		cspNonce: string
		clientIp: string
		/**
		 * Aborted when the response closes (the browser went away). Long-lived
		 * answers (the notification stream) end on it: `request.signal` is
		 * derived by undici through a weak reference that a garbage collection
		 * can cut (nodejs/node#55428), and its abort then never arrives.
		 * Absent where a route is called without a server (tests).
		 */
		responseClosed?: AbortSignal
		/** Set by the server entry's error handler when a loader failed because the database could not be reached (the page then answers 503). */
		databaseUnreachable?: boolean
	}
}

/**
 * A signal aborted when `res` closes, or when the server begins to stop
 * (long-lived answers end then, so the server can drain); held by `res`'s
 * listener for as long as the response is open. `open` holds the
 * controllers of the responses open now (one listener on `stopping` for
 * all of them).
 */
function responseClosedSignal(res: express.Response, stopping: AbortSignal | undefined, open: Set<AbortController>) {
	const controller = new AbortController()
	if (stopping?.aborted) controller.abort()
	else if (stopping) open.add(controller)
	res.once('close', () => {
		open.delete(controller)
		controller.abort()
	})
	return controller.signal
}

/**
 * Gzip for pages, data, scripts and styles; never for an event stream (it
 * would hold events back in the compressor) or a file download (images, PDFs
 * and DICOM are compressed already or not worth it).
 */
function shouldCompress(req: express.Request, res: express.Response) {
	const type = String(res.getHeader('Content-Type') ?? '')
	if (type.startsWith('text/event-stream') || res.getHeader('Content-Disposition')) return false
	return compression.filter(req, res)
}

/**
 * `Cache-Control: no-store` on a dynamic response that does not set its own:
 * set when the headers are written, so a route's own value (the event
 * stream's `no-cache, no-transform`, the OpenAPI document's `public`) is
 * never doubled by Remix's adapter, which appends the response's headers.
 */
function noStoreByDefault(_req: express.Request, res: express.Response, next: express.NextFunction) {
	const writeHead = res.writeHead
	res.writeHead = function (this: express.Response, ...args: Parameters<typeof writeHead>) {
		if (!this.hasHeader('Cache-Control') && !headersArgumentHasCacheControl(args)) this.setHeader('Cache-Control', 'no-store')
		return writeHead.apply(this, args)
	} as typeof writeHead
	next()
}

/** Whether writeHead's own headers argument (`writeHead(status, [message], headers)`) names Cache-Control. */
function headersArgumentHasCacheControl(args: unknown[]): boolean {
	const headers = args.find((arg, index) => index > 0 && arg !== null && typeof arg === 'object')
	if (!headers) return false
	if (Array.isArray(headers)) return headers.some((entry, index) => index % 2 === 0 && String(entry).toLowerCase() === 'cache-control')
	return Object.keys(headers).some((key) => key.toLowerCase() === 'cache-control')
}

/**
 * The web process: security headers, cross-site check, static files, the
 * database gate (503 at once without a database), then Remix. `stopping`
 * aborts when the server begins to stop: answers say `Connection: close`
 * and event streams end.
 */
export async function createHttpApp(options: { stopping?: AbortSignal } = {}) {
	const { stopping } = options
	const openResponses = new Set<AbortController>()
	stopping?.addEventListener('abort', () => {
		for (const controller of openResponses) controller.abort()
		openResponses.clear()
	})
	const env = getEnv()
	const isDevelopment = env.NODE_ENV === 'development'
	const app = express()
	app.disable('x-powered-by')
	app.set('trust proxy', env.TRUST_PROXY)

	app.use((req, res, next) => {
		const requestId = randomUUID()
		const nonce = randomBytes(16).toString('base64')
		res.locals.requestId = requestId
		res.locals.cspNonce = nonce
		stampClientIp(req)
		const isHttps = sendsStrictTransportSecurity({ isProduction: env.isProduction, appOrigin: env.APP_ORIGIN, isSecureRequest: req.secure })
		res.set(securityHeaders({ nonce, isDevelopment, isHttps, path: req.path }))
		// a stopping server lets no connection stay open for another request
		if (stopping?.aborted) res.set('Connection', 'close')
		const started = performance.now()
		res.on('finish', () => {
			const ms = Math.round(performance.now() - started)
			// The route pattern, never the path: paths hold feed tokens and ids, query strings search text.
			void routePatternOf(build, req.path).then((route) => logger.info('http.request', { requestId, method: req.method, route, status: res.statusCode, ms }))
		})
		next()
	})

	// A path that does not decode (`/foo%ZZ`) is the client's error: 400 before anything decodes it.
	app.use(refuseMalformedPaths())

	app.use((req, res, next) => {
		const ownOrigin = `${req.protocol}://${req.get('host')}`
		const allowedOrigins = allowedPostOrigins({ isProduction: env.isProduction, appOrigin: env.APP_ORIGIN, ownOrigin })
		if (
			isCrossSiteRequest({
				method: req.method,
				origin: req.get('origin'),
				secFetchSite: req.get('sec-fetch-site'),
				allowedOrigins,
			})
		) {
			logger.warn('http.cross_site_refused', { requestId: res.locals.requestId, method: req.method })
			res.status(403).type('text/plain').send('Cross-site request refused')
			return
		}
		// A same-origin post from a no-referrer page (/shared/<token>) says `Origin: null`; the check
		// above let it through on Sec-Fetch-Site, and Remix's own Host-versus-Origin check would refuse it.
		if (req.headers.origin === 'null') delete req.headers.origin
		next()
	})

	app.use(compression({ filter: shouldCompress }))

	// Bounded request bodies (413 above the limit) before anything reads them.
	app.use(limitRequestBodies())

	let build: ServerBuild | (() => Promise<ServerBuild>)
	if (isDevelopment) {
		const vite = await import('vite')
		const viteServer = await vite.createServer({ server: { middlewareMode: true }, root })
		app.use(viteServer.middlewares)
		build = () => viteServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
		// Transform the server's modules now rather than on the first request.
		await build()
	} else {
		const buildDir = path.resolve(root, getEnv().BUILD_DIR)
		app.use('/assets', express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y' }))
		app.use(express.static(path.join(buildDir, 'client'), { maxAge: '1h' }))
		build = (await import(path.join(buildDir, 'server/index.js'))) as ServerBuild
	}

	// Everything past the static files is dynamic (pages, Remix `.data`, tRPC, the REST API, files):
	// none of it may be stored by a browser or a proxy, unless a route says otherwise.
	app.use(noStoreByDefault)
	// Without a database every request would wait or fail: refuse at once, and say so.
	app.use(refuseWithoutDatabase())

	app.all(
		'*',
		createRequestHandler({
			build,
			mode: env.NODE_ENV,
			getLoadContext: (req, res) => ({
				requestId: res.locals.requestId as string,
				cspNonce: res.locals.cspNonce as string,
				clientIp: req.ip ?? 'unknown',
				responseClosed: responseClosedSignal(res, stopping, openResponses),
			}),
		}),
	)

	app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
		const clientStatus = clientErrorStatus(error)
		if (clientStatus !== null) {
			logger.warn('http.client_error', { requestId: res.locals.requestId, status: clientStatus })
			if (!res.headersSent) res.status(clientStatus).type('text/plain').send(BAD_REQUEST_TEXT)
			return
		}
		if (isDatabaseUnreachableError(error)) {
			if (!res.headersSent) sendDatabaseUnavailable(_req, res)
			return
		}
		logger.error('http.unhandled', { requestId: res.locals.requestId, ...describeError(error) })
		if (!res.headersSent) res.status(500).type('text/plain').send('Server error. Please try again later.')
	})
	return app
}
