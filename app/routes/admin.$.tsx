import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { GeneralErrorBoundary, PageNotFound } from '#app/components/error-boundary.tsx'
import { requireAdmin } from '#server/auth/index.ts'
import { notFound } from '#server/errors/index.ts'

/**
 * An unknown address under /admin: the admin guard first (signed out goes to
 * /admin/login with the return path), then the not-found page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request)
	notFound()
}

export const meta: MetaFunction = () => [{ title: 'Page not found · Carebook Admin' }]

export default function AdminNotFoundRoute() {
	return <PageNotFound />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
