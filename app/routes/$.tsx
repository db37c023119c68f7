import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { NotFound } from '#app/components/not-found.tsx'
import { logger } from '#server/logger.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
	// Not the path: a mistyped address can hold a token or anything typed; the request id finds the request.
	logger.warn('http.not_found', { requestId: context.requestId, method: request.method, route: '*' })
	throw new Response('Not Found', { status: 404 })
}

export const meta: MetaFunction = () => [{ title: 'Page not found · Carebook' }]

export default function NotFoundRoute() {
	return <NotFound />
}

export function ErrorBoundary() {
	return <NotFound />
}
