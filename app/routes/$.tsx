import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { GeneralErrorBoundary, PageNotFound } from '#app/components/error-boundary.tsx'
import { notFound } from '#server/errors/index.ts'
import { logger } from '#server/logger.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
	// Not the path: a mistyped address can hold a token or anything typed; the request id finds the request.
	logger.warn('http.not_found', { requestId: context.requestId, method: request.method, route: '*' })
	notFound()
}

export const meta: MetaFunction = () => [{ title: 'Page not found · Carebook' }]

export default function NotFoundRoute() {
	return <PageNotFound />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
