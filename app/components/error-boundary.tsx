import { isRouteErrorResponse, Link, useParams, useRouteError, type Params } from '@remix-run/react'
import type { ReactNode } from 'react'

/**
 * The one ErrorBoundary (docs/decisions/010-errors-and-notices.md), after the
 * Epic Stack's GeneralErrorBoundary: a route exports
 *
 *   export function ErrorBoundary() {
 *     return <GeneralErrorBoundary statusHandlers={{ 404: () => <DocumentNotFound /> }} />
 *   }
 *
 * A thrown Response goes to the handler of its status (`statusHandlers`),
 * else to `defaultStatusHandler` (404: 'Page not found' with a link home;
 * any other status: the generic error); anything else thrown (a bug, a
 * failure underneath) goes to `unexpectedErrorHandler`. `fallback` stands
 * for both: a screen's own "could not be loaded" text. The texts shown are
 * ours: never the error's message, which could hold data.
 */

export type ErrorResponseInfo = { error: { status: number; statusText: string; data: unknown }; params: Params }
export type StatusHandler = (info: ErrorResponseInfo) => ReactNode
export type UnexpectedErrorHandler = (error: unknown) => ReactNode

export const ERROR_TEXTS = {
	notFoundTitle: 'Page not found',
	notFoundText: 'The page you are looking for does not exist.',
	home: 'Go back home',
	errorTitle: 'Something went wrong',
	/** Spec section 8: the text for an answer of 500 or above. */
	serverError: 'Server error. Please try again later.',
	badRequest: 'That request could not be understood.',
} as const

/** The centred page of the whole-page errors (unknown path, root failures). */
function ErrorPage({ code, title, text }: { code?: number; title: string; text: string }) {
	return (
		<main className="flex min-h-full flex-col items-center justify-center px-6 py-24 text-center">
			{code ? <p className="text-base font-semibold text-brand-600">{code}</p> : null}
			<h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 dark:text-slate-100">{title}</h1>
			<p className="mt-4 text-slate-600 dark:text-slate-300">{text}</p>
			<Link to="/" className="mt-8 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
				{ERROR_TEXTS.home}
			</Link>
		</main>
	)
}

/** Spec: any other path shows 'Page not found' with a link home. */
export function PageNotFound() {
	return <ErrorPage code={404} title={ERROR_TEXTS.notFoundTitle} text={ERROR_TEXTS.notFoundText} />
}

const defaultStatus: StatusHandler = ({ error }) =>
	error.status === 404 ? (
		<PageNotFound />
	) : (
		<ErrorPage title={ERROR_TEXTS.errorTitle} text={error.status < 500 ? ERROR_TEXTS.badRequest : ERROR_TEXTS.serverError} />
	)

const defaultUnexpected: UnexpectedErrorHandler = () => <ErrorPage title={ERROR_TEXTS.errorTitle} text={ERROR_TEXTS.serverError} />

type Handlers = {
	statusHandlers?: Partial<Record<number, StatusHandler>>
	defaultStatusHandler?: StatusHandler
	unexpectedErrorHandler?: UnexpectedErrorHandler
	/** The screen's own error text, for every status without a handler and every thrown error (short for both handlers above). */
	fallback?: () => ReactNode
}

/** What a route error renders (the choice, apart from React's hooks, so it can be tested). */
export function renderRouteError(error: unknown, params: Params, handlers: Handlers = {}): ReactNode {
	const { statusHandlers, fallback } = handlers
	const defaultStatusHandler = handlers.defaultStatusHandler ?? fallback ?? defaultStatus
	const unexpectedErrorHandler = handlers.unexpectedErrorHandler ?? fallback ?? defaultUnexpected
	if (isRouteErrorResponse(error)) return (statusHandlers?.[error.status] ?? defaultStatusHandler)({ error, params })
	return unexpectedErrorHandler(error)
}

export function GeneralErrorBoundary(handlers: Handlers) {
	const error = useRouteError()
	const params = useParams()
	// The browser's console only (the server logged its side with a request id).
	if (typeof document !== 'undefined' && !isRouteErrorResponse(error)) console.error(error)
	return <>{renderRouteError(error, params, handlers)}</>
}
