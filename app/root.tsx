import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Toaster } from '#app/components/ui/toast.tsx'
import { useNonce } from '#app/lib/nonce.tsx'
import { cn } from '#app/lib/cn.ts'
import { themeOfRequest } from '#server/account/theme.ts'
import { getToast } from '#server/notices/index.ts'
import styles from './tailwind.css?url'

export const links: LinksFunction = () => [
	{ rel: 'stylesheet', href: styles },
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

/** The notice flashed by the redirect that led here (redirectWithToast), once; the theme for the first paint. */
export async function loader({ request }: LoaderFunctionArgs) {
	const { toast, headers } = await getToast(request)
	return data({ toast, theme: themeOfRequest(request) }, headers ? { headers } : undefined)
}

export const meta: MetaFunction = () => [{ title: 'Carebook' }]

export function Layout({ children }: { children: ReactNode }) {
	const nonce = useNonce()
	// Set on the server from the theme cookie: the first paint already has the theme (no script, no flash).
	const theme = useRouteLoaderData<typeof loader>('root')?.theme ?? 'light'
	return (
		<html lang="en-US" data-theme={theme} className={cn('h-full bg-slate-50 dark:bg-slate-950', theme === 'dark' && 'dark')}>
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
