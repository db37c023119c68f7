import { isValidElement, type ReactElement } from 'react'
import { describe, expect, it } from 'vitest'
import { PageNotFound, renderRouteError } from './error-boundary.tsx'

/** What a thrown `new Response(body, { status })` looks like to an ErrorBoundary. */
function routeError(status: number, data = '') {
	return { status, statusText: '', internal: false, data }
}

function typeOf(node: unknown) {
	return isValidElement(node) ? (node as ReactElement).type : null
}

describe('GeneralErrorBoundary', () => {
	it('shows the page-not-found page for a 404 nobody handles', () => {
		expect(typeOf(renderRouteError(routeError(404), {}))).toBe(PageNotFound)
	})

	it('gives a status its own handler, with the error and the params', () => {
		const node = renderRouteError(
			routeError(404, 'Document Not Found'),
			{ documentId: 'd1' },
			{
				statusHandlers: { 404: ({ error, params }) => `${error.data}:${params.documentId}` },
			},
		)
		expect(node).toBe('Document Not Found:d1')
	})

	it('sends other statuses to the default handler and thrown errors to the unexpected one', () => {
		const handlers = {
			defaultStatusHandler: ({ error }: { error: { status: number } }) => `status ${error.status}`,
			unexpectedErrorHandler: () => 'unexpected',
		}
		expect(renderRouteError(routeError(400), {}, handlers)).toBe('status 400')
		expect(renderRouteError(new Error('relation "documents" does not exist'), {}, handlers)).toBe('unexpected')
	})

	it('uses the fallback for statuses without a handler and for thrown errors', () => {
		const handlers = { statusHandlers: { 404: () => 'gone' }, fallback: () => 'could not be loaded' }
		expect(renderRouteError(routeError(404), {}, handlers)).toBe('gone')
		expect(renderRouteError(routeError(500), {}, handlers)).toBe('could not be loaded')
		expect(renderRouteError(new Error('x'), {}, handlers)).toBe('could not be loaded')
	})

	it('never shows a thrown error its own message', () => {
		const node = renderRouteError(new Error('password=hunter2'), {})
		expect(JSON.stringify((node as ReactElement).props)).not.toContain('hunter2')
	})
})
