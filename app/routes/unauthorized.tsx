import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'

export const meta: MetaFunction = () => [{ title: 'Unauthorized · Carebook' }]

export default function Unauthorized() {
	return (
		<main className="flex min-h-full flex-col items-center justify-center px-6 py-24 text-center">
			<p className="text-base font-semibold text-red-600">403</p>
			<h1 className="mt-4 text-3xl font-bold tracking-tight">Unauthorized</h1>
			<p className="mt-4 text-slate-600 dark:text-slate-300">Your account does not have access to this page.</p>
			<Link to="/" className="mt-8 text-sm font-semibold text-brand-600 underline">
				Go back home
			</Link>
		</main>
	)
}
