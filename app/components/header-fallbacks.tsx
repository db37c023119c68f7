import { Link } from '@remix-run/react'
import { cn } from '#app/lib/cn.ts'
import { unreadBadgeText } from '#server/notifications/shared/notification.ts'
import { SEARCH_MESSAGES } from '#server/search/shared/search.ts'
import { TEXT_LIMITS } from '#server/validation/shared/text-limits.ts'

/*
 * What the header shows before its live parts (tRPC, the dropdowns, the
 * stream) have loaded, and without JavaScript: the search is a GET form to
 * /search, the bell a link to /notifications with the badge from the loader.
 * They look like the live parts, which replace them once loaded.
 */

export const SEARCH_INPUT_CLASS =
	'block w-full rounded-md border-0 py-2 pr-3 pl-10 text-sm text-slate-900 ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-600 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600'

export const BELL_BUTTON_CLASS =
	'relative rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-300 dark:hover:bg-slate-800'

export function SearchIcon() {
	return (
		<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" className="h-5 w-5" aria-hidden>
			<path d="m21 21-5.2-5.2M17 10.5a6.5 6.5 0 1 1-13 0 6.5 6.5 0 0 1 13 0Z" />
		</svg>
	)
}

export function BellIcon() {
	return (
		<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinecap="round" strokeLinejoin="round" className="h-6 w-6" aria-hidden>
			<path d="M14.857 17.082a23.848 23.848 0 0 0 5.454-1.31A8.967 8.967 0 0 1 18 9.75V9A6 6 0 0 0 6 9v.75a8.967 8.967 0 0 1-2.312 6.022c1.733.64 3.56 1.085 5.455 1.31m5.714 0a24.255 24.255 0 0 1-5.714 0m5.714 0a3 3 0 1 1-5.714 0" />
		</svg>
	)
}

export function UnreadBadge({ count }: { count: number }) {
	const text = unreadBadgeText(count)
	if (!text) return null
	return (
		<span
			data-testid="notification-badge"
			className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-semibold text-white"
		>
			{text}
		</span>
	)
}

export function bellLabel(unreadCount: number) {
	return `Notifications${unreadCount ? ` (${unreadCount} unread)` : ''}`
}

export function SearchBoxFallback({ className }: { className?: string }) {
	return (
		<form method="get" action="/search" role="search" className={cn('relative w-full max-w-md', className)}>
			<label htmlFor="header-search-fallback" className="sr-only">
				{SEARCH_MESSAGES.label}
			</label>
			<div className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-400">
				<SearchIcon />
			</div>
			<input
				id="header-search-fallback"
				name="q"
				type="search"
				maxLength={TEXT_LIMITS.search}
				placeholder={SEARCH_MESSAGES.placeholder}
				className={SEARCH_INPUT_CLASS}
			/>
		</form>
	)
}

export function BellLinkFallback({ unreadCount }: { unreadCount: number }) {
	return (
		<Link to="/notifications" className={BELL_BUTTON_CLASS} aria-label={bellLabel(unreadCount)}>
			<BellIcon />
			<UnreadBadge count={unreadCount} />
		</Link>
	)
}
