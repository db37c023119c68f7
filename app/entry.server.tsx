import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { isDatabaseUnreachableError } from '#db/availability.ts'
import { DATABASE_RETRY_AFTER_SECONDS, unavailablePage } from '#server/http/database-gate.ts'
import { renderToPipeableStream } from 'react-dom/server'
import { lowerModulePreloadPriorityStream } from '#server/http/module-preload-priority.ts'
import { routePatternFromParams } from '#server/http/route-pattern.ts'
import { describeError, logger } from '#server/logger.ts'
import { NonceProvider } from './lib/nonce.tsx'

const ABORT_DELAY = 5_000

/**
 * Errors of loaders, actions and rendering, logged once through the logger
 * (request id, route pattern, error class and code), never Remix's default
 * console.error of the whole error, whose message can carry a statement and
 * its parameters. Thrown responses (404, 400) never come here.
 */
export function handleError(error: unknown, { request, params, context }: LoaderFunctionArgs | ActionFunctionArgs) {
	if (request.signal.aborted) return
	// Remix hands the page only a sanitized copy of the error: the answer's status is decided from this mark.
	if (context && isDatabaseUnreachableError(error)) context.databaseUnreachable = true
	const fields = {
		requestId: context?.requestId,
		method: request.method,
		route: routePatternFromParams(new URL(request.url).pathname, params ?? {}),
	}
	// Remix's own refusals (no action, bad method) carry the reason in `error.error`.
	if (isRouteErrorResponse(error)) {
		const inner = (error as { error?: unknown }).error
		logger.warn('remix.error_response', { ...fields, status: error.status, ...(inner ? describeError(inner) : {}) })
		return
	}
	logger.error('remix.error', { ...fields, ...describeError(error) })
}

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	remixContext: EntryContext,
	loadContext: AppLoadContext,
) {
	const nonce = loadContext.cspNonce
	// A loader that failed because the database went away (handleError saw it): the server is unavailable, not broken, and says so.
	if (responseStatusCode === 500 && loadContext.databaseUnreachable) {
		responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
		responseHeaders.set('Cache-Control', 'no-store')
		responseHeaders.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
		return new Response(unavailablePage(nonce), { status: 503, headers: responseHeaders })
	}
	const waitForAll = isbot(request.headers.get('user-agent') ?? '')
	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
			</NonceProvider>,
			{
				nonce,
				[waitForAll ? 'onAllReady' : 'onShellReady']() {
					shellRendered = true
					// The page's module preloads at low priority, out of the first paint's way (decision 027).
					const body = lowerModulePreloadPriorityStream()
					responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
					responseHeaders.set('Cache-Control', 'no-store')
					resolve(
						new Response(createReadableStreamFromReadable(body), {
							headers: responseHeaders,
							status: responseStatusCode,
						}),
					)
					pipe(body)
				},
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					// Before the shell, the error reaches handleError through onShellError.
					if (shellRendered) logger.error('render.error', { requestId: loadContext.requestId, ...describeError(error) })
				},
			},
		)
		setTimeout(abort, ABORT_DELAY + 1_000)
	})
}
