import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Card } from '#app/components/ui/card.tsx'

/** A dashboard card: a heading, its main figure or state, and what follows. */
export function StatCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
	const headingId = `${testId}-heading`
	return (
		<Card className="flex h-full flex-col p-5">
			<section aria-labelledby={headingId} data-testid={testId} className="flex h-full flex-col">
				<h2 id={headingId} className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
					{title}
				</h2>
				<div className="mt-3 flex flex-1 flex-col">{children}</div>
			</section>
		</Card>
	)
}

export function StatLink({ to, children }: { to: string; children: ReactNode }) {
	return (
		<p className="mt-auto pt-3">
			<Link to={to} className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-100">
				{children}
			</Link>
		</p>
	)
}
