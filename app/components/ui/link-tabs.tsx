import { Link } from '@remix-run/react'
import type { KeyboardEvent, ReactNode } from 'react'
import { cn } from '#app/lib/cn.ts'

export type LinkTab = { id: string; label: string; to: string; isSelected: boolean }

/**
 * Tabs whose state lives in the URL: each tab is a link, so they work
 * without JavaScript and can be bookmarked. Marked up as an ARIA tablist;
 * arrow keys, Home and End move between tabs.
 */
export function LinkTabs({ label, tabs, size = 'md', className }: { label: string; tabs: LinkTab[]; size?: 'md' | 'sm'; className?: string }) {
	function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
		const items = Array.from(event.currentTarget.querySelectorAll<HTMLAnchorElement>('[role="tab"]'))
		const current = items.indexOf(document.activeElement as HTMLAnchorElement)
		if (current === -1) return
		const next =
			event.key === 'ArrowRight'
				? (current + 1) % items.length
				: event.key === 'ArrowLeft'
					? (current - 1 + items.length) % items.length
					: event.key === 'Home'
						? 0
						: event.key === 'End'
							? items.length - 1
							: null
		if (next === null) return
		event.preventDefault()
		items[next]?.focus()
	}
	return (
		<div
			role="tablist"
			aria-label={label}
			onKeyDown={onKeyDown}
			className={cn(
				size === 'md' ? 'flex gap-6 border-b border-slate-200 dark:border-slate-700' : 'inline-flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800',
				className,
			)}
		>
			{tabs.map((tab) => (
				<Link
					key={tab.id}
					id={`tab-${tab.id}`}
					role="tab"
					to={tab.to}
					aria-selected={tab.isSelected}
					aria-controls={tab.isSelected ? `panel-${tab.id}` : undefined}
					tabIndex={tab.isSelected ? 0 : -1}
					preventScrollReset
					className={cn(
						'text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
						size === 'md'
							? cn(
									'-mb-px border-b-2 px-1 pb-3',
									tab.isSelected
										? 'border-brand-600 text-brand-700 dark:border-brand-500 dark:text-brand-100'
										: 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-800 dark:text-slate-300 dark:hover:text-slate-100',
								)
							: cn(
									'rounded-md px-3 py-1.5',
									tab.isSelected
										? 'bg-white text-slate-900 shadow-sm dark:bg-slate-900 dark:text-slate-100'
										: 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-slate-100',
								),
					)}
				>
					{tab.label}
				</Link>
			))}
		</div>
	)
}

/** The panel of the selected tab. */
export function LinkTabPanel({ tabId, className, children }: { tabId: string; className?: string; children: ReactNode }) {
	return (
		<div role="tabpanel" id={`panel-${tabId}`} aria-labelledby={`tab-${tabId}`} className={className}>
			{children}
		</div>
	)
}
