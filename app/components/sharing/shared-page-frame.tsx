import type { ReactNode } from 'react'

/** The public shared page's frame: no patient shell, no navigation into the app, only the product's name. */
export function SharedPageFrame({ children }: { children: ReactNode }) {
	return (
		<div className="min-h-full">
			<header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
				<div className="mx-auto flex max-w-4xl items-center gap-2 px-4 py-4 sm:px-6">
					<span className="text-lg font-bold text-brand-600">Carebook</span>
					<span className="text-sm text-slate-500 dark:text-slate-400">· Shared records</span>
				</div>
			</header>
			<main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">{children}</main>
		</div>
	)
}

/** A link that does not work, whatever the reason (unknown, revoked, expired): one text, nothing about the records. */
export function ShareUnavailable({ title, text }: { title: string; text: string }) {
	return (
		<SharedPageFrame>
			<div
				className="rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-700 dark:bg-slate-900"
				data-testid="share-unavailable"
			>
				<h1 className="text-2xl font-bold tracking-tight">{title}</h1>
				<p className="mt-3 text-slate-600 dark:text-slate-300">{text}</p>
			</div>
		</SharedPageFrame>
	)
}
