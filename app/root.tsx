import type { LinksFunction, MetaFunction } from '@remix-run/node'
import {
	isRouteErrorResponse,
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	useRouteError,
} from '@remix-run/react'
import type { ReactNode } from 'react'
import { NotFound } from '#app/components/not-found.tsx'
import { useNonce } from '#app/lib/nonce.tsx'
import styles from './tailwind.css?url'

export const links: LinksFunction = () => [
	{ rel: 'stylesheet', href: styles },
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

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
	return <Outlet />
}

export function ErrorBoundary() {
	const error = useRouteError()
	if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
	return (
		<main className="flex min-h-full flex-col items-center justify-center px-6 py-24 text-center">
			<h1 className="text-2xl font-bold">Something went wrong</h1>
			<p className="mt-3 text-slate-600">Server error. Please try again later.</p>
			<a href="/" className="mt-6 text-brand-600 underline">
				Go back home
			</a>
		</main>
	)
}
