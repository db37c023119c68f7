import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { NotFound } from '#app/components/not-found.tsx'
import { logger } from '#server/logger.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
	// The path alone (no query, no user): enough to find broken links, no PHI.
	logger.warn('http.not_found', { requestId: context.requestId, path: new URL(request.url).pathname })
	throw new Response('Not Found', { status: 404 })
}

export const meta: MetaFunction = () => [{ title: 'Page not found · Carebook' }]

export default function NotFoundRoute() {
	return <NotFound />
}

export function ErrorBoundary() {
	return <NotFound />
}
