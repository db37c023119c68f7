import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Toaster } from '#app/components/ui/toast.tsx'
import { useNonce } from '#app/lib/nonce.tsx'
import { getToast } from '#server/notices/index.ts'
import styles from './tailwind.css?url'

export const links: LinksFunction = () => [
	{ rel: 'stylesheet', href: styles },
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

/** The notice flashed by the redirect that led here (redirectWithToast), once. */
export async function loader({ request }: LoaderFunctionArgs) {
	const { toast, headers } = await getToast(request)
	return data({ toast }, headers ? { headers } : undefined)
}

export const meta: MetaFunction = () => [{ title: 'Carebook' }]

export function Layout({ children }: { children: ReactNode }) {
	const nonce = useNonce()
	return (
		<html lang="en-US" className="h-full bg-slate-50 dark:bg-slate-950">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<Meta />
				<Links />
			</head>
			<body className="h-full font-sans text-slate-900 antialiased dark:text-slate-100">
				{children}
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

export default function App() {
	const { toast } = useLoaderData<typeof loader>()
	return (
		<>
			<Outlet />
			<Toaster flash={toast} />
		</>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
