import { Link } from '@remix-run/react'

export const NOT_FOUND_TITLE = 'Page not found'

export function NotFound() {
	return (
		<main className="flex min-h-full flex-col items-center justify-center px-6 py-24 text-center">
			<p className="text-base font-semibold text-brand-600">404</p>
			<h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 dark:text-slate-100">{NOT_FOUND_TITLE}</h1>
			<p className="mt-4 text-slate-600 dark:text-slate-300">The page you are looking for does not exist.</p>
			<Link to="/" className="mt-8 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
				Go back home
			</Link>
		</main>
	)
}
