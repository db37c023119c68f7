import { Link, NavLink, useRevalidator } from '@remix-run/react'
import { lazy, useEffect, useState, type ReactNode } from 'react'
import { cn } from '#app/lib/cn.ts'
import { useFocusHeadingOnNavigation } from '#app/lib/focus-heading.ts'
import { PATIENT_NAV } from '#app/lib/navigation.ts'
import { AfterHydration } from './after-hydration.tsx'
import { AvatarButtonFace, AVATAR_BUTTON_CLASS, requestAvatarMenuOpen } from './avatar-button.tsx'
import { BellLinkFallback, SearchBoxFallback } from './header-fallbacks.tsx'
import type { PublicUser } from '#server/account/index.ts'
import type { NotificationOverview } from '#server/notifications/index.ts'

// Headless UI's menu loads after the page: the server renders the menu's button, and the
// browser fetches the menu's code once hydration reaches it, off the first paint's path.
const AvatarMenu = lazy(() => import('./avatar-menu.tsx'))
// The same for the search and the bell with the live stream (they bring tRPC and react-query).
const HeaderSearch = lazy(() => import('./search/header-search.tsx'))
const HeaderNotifications = lazy(() => import('./notifications/notification-bell.tsx'))

const MAIN_CONTENT_ID = 'main-content'

function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
	return (
		<nav aria-label="Main navigation" className="space-y-8 px-4 py-6">
			{PATIENT_NAV.map((group) => (
				<div key={group.group}>
					<p className="px-2 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{group.group}</p>
					<ul className="mt-2 space-y-1">
						{group.items.map((item) => (
							<li key={item.to}>
								<NavLink
									to={item.to}
									end={item.to === '/'}
									onClick={onNavigate}
									className={({ isActive }) =>
										cn(
											'block rounded-md px-2 py-2 text-sm font-medium',
											isActive
												? 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-100'
												: 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
										)
									}
								>
									{item.label}
								</NavLink>
							</li>
						))}
					</ul>
				</div>
			))}
		</nav>
	)
}

export function PatientShell({
	user,
	notifications,
	children,
}: {
	user: PublicUser
	/** The bell's first render (badge and latest items) from the layout's loader. */
	notifications: NotificationOverview
	children: ReactNode
}) {
	// The user comes from the layout's loader, which runs again after every action and navigation.
	const { revalidate } = useRevalidator()
	useEffect(() => {
		// Profile changes elsewhere in the app ask the header to refresh the user.
		const refresh = () => void revalidate()
		window.addEventListener('carebook:refresh-user', refresh)
		return () => window.removeEventListener('carebook:refresh-user', refresh)
	}, [revalidate])
	const [isSidebarOpen, setSidebarOpen] = useState(false)
	useFocusHeadingOnNavigation(MAIN_CONTENT_ID)
	return (
		<div className="flex min-h-full">
			<a
				href={`#${MAIN_CONTENT_ID}`}
				className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-brand-700 focus:shadow-lg focus:ring-2 focus:ring-brand-600 dark:focus:bg-slate-900 dark:focus:text-brand-100"
			>
				Skip to main content
			</a>
			<aside className="hidden w-64 print:hidden shrink-0 border-r border-slate-200 bg-white lg:block dark:border-slate-800 dark:bg-slate-900">
				<Link to="/" className="block px-6 pt-6 text-xl font-bold text-brand-700 dark:text-brand-100">
					Carebook
				</Link>
				<Sidebar />
			</aside>
			{isSidebarOpen ? (
				<div className="fixed inset-0 z-40 flex lg:hidden">
					<button type="button" aria-label="Close menu" className="flex-1 bg-black/30" onClick={() => setSidebarOpen(false)} />
					<aside className="order-first w-64 bg-white dark:bg-slate-900">
						<Sidebar onNavigate={() => setSidebarOpen(false)} />
					</aside>
				</div>
			) : null}
			<div className="flex min-w-0 flex-1 flex-col">
				<header className="flex h-16 print:hidden items-center gap-2 border-b border-slate-200 bg-white px-3 sm:gap-4 sm:px-6 dark:border-slate-800 dark:bg-slate-900">
					<button type="button" className="rounded-md p-2 text-slate-600 lg:hidden" aria-label="Open menu" onClick={() => setSidebarOpen(true)}>
						<span aria-hidden>☰</span>
					</button>
					<div className="min-w-0 flex-1">
						<AfterHydration fallback={<SearchBoxFallback />}>
							<HeaderSearch />
						</AfterHydration>
					</div>
					<AfterHydration fallback={<BellLinkFallback unreadCount={notifications.unreadCount} />}>
						<HeaderNotifications initial={notifications} />
					</AfterHydration>
					<AfterHydration
						fallback={
							<button type="button" className={AVATAR_BUTTON_CLASS} onClick={requestAvatarMenuOpen}>
								<AvatarButtonFace user={user} />
							</button>
						}
					>
						<AvatarMenu user={user} />
					</AfterHydration>
					{/* Without JavaScript the avatar menu cannot open: sign-out is a plain form instead. */}
					<noscript>
						<form method="post" action="/logout">
							<button
								type="submit"
								className="rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
							>
								Log out
							</button>
						</form>
					</noscript>
				</header>
				{/* Without JavaScript the small-screen menu button cannot open the sidebar: its links are listed here. */}
				<noscript>
					<div className="border-b border-slate-200 bg-white lg:hidden print:hidden dark:border-slate-800 dark:bg-slate-900">
						<Sidebar />
					</div>
				</noscript>
				<main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 px-4 py-8 focus:outline-none sm:px-6 lg:px-8 print:p-0">
					{children}
				</main>
				<footer className="print:hidden border-t border-slate-200 px-6 py-4 text-sm text-slate-500 dark:border-slate-800 dark:text-slate-400">
					© {new Date().getFullYear()} Carebook. Your records are private to you.
				</footer>
			</div>
		</div>
	)
}
