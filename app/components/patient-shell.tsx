import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { Link, NavLink, useSubmit } from '@remix-run/react'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { cn } from '#app/lib/cn.ts'
import { PATIENT_NAV } from '#app/lib/navigation.ts'
import { useTRPC } from '#app/lib/trpc.tsx'
import type { PublicUser } from '#server/account/index.ts'

function initials(name: string) {
	return name
		.split(/\s+/)
		.filter(Boolean)
		.slice(0, 2)
		.map((part) => part[0]!.toUpperCase())
		.join('')
}

function AvatarMenu({ user }: { user: PublicUser }) {
	// The menu's items unmount on click, so the sign-out is submitted, not a nested form.
	const submit = useSubmit()
	return (
		<Menu as="div" className="relative">
			<MenuButton
				className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
			>
				{/* The name is the sr-only text (no aria-label that would differ from the visible initials). */}
				<span aria-hidden="true">{initials(user.name) || '?'}</span>
				<span className="sr-only">Open user menu</span>
			</MenuButton>
			<MenuItems
				anchor="bottom end"
				className="z-50 mt-2 w-60 rounded-md bg-white py-1 shadow-lg ring-1 ring-black/5 focus:outline-none dark:bg-slate-800"
			>
				<div className="border-b border-slate-100 px-4 py-3 dark:border-slate-700">
					<p className="truncate text-sm font-semibold">{user.name}</p>
					<p className="truncate text-sm text-slate-500 dark:text-slate-400">{user.email}</p>
				</div>
				<MenuItem>
					<Link to="/profile" className="block px-4 py-2 text-sm data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-700">
						Profile
					</Link>
				</MenuItem>
				<MenuItem>
					<Link to="/settings" className="block px-4 py-2 text-sm data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-700">
						Settings
					</Link>
				</MenuItem>
				<MenuItem>
					<button
						type="button"
						onClick={() => submit(null, { method: 'post', action: '/logout' })}
						className="block w-full px-4 py-2 text-left text-sm data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-700"
					>
						Log out
					</button>
				</MenuItem>
			</MenuItems>
		</Menu>
	)
}

function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
	return (
		<nav aria-label="Main navigation" className="space-y-8 px-4 py-6">
			{PATIENT_NAV.map((group) => (
				<div key={group.group}>
					<p className="px-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{group.group}</p>
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

export function PatientShell({ user, children }: { user: PublicUser; children: ReactNode }) {
	const trpc = useTRPC()
	// First render from the loader; the client keeps it fresh afterwards.
	const me = useQuery({ ...trpc.account.me.queryOptions(), initialData: user })
	const { refetch } = me
	useEffect(() => {
		// Profile changes elsewhere in the app ask the header to refresh the user.
		const refresh = () => void refetch()
		window.addEventListener('carebook:refresh-user', refresh)
		return () => window.removeEventListener('carebook:refresh-user', refresh)
	}, [refetch])
	const [isSidebarOpen, setSidebarOpen] = useState(false)
	return (
		<div className="flex min-h-full">
			<aside className="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:block dark:border-slate-800 dark:bg-slate-900">
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
				<header className="flex h-16 items-center gap-4 border-b border-slate-200 bg-white px-4 sm:px-6 dark:border-slate-800 dark:bg-slate-900">
					<button
						type="button"
						className="rounded-md p-2 text-slate-600 lg:hidden"
						aria-label="Open menu"
						onClick={() => setSidebarOpen(true)}
					>
						<span aria-hidden>☰</span>
					</button>
					<div className="flex-1" />
					<AvatarMenu user={me.data} />
				</header>
				<main className="flex-1 px-4 py-8 sm:px-6 lg:px-8">{children}</main>
				<footer className="border-t border-slate-200 px-6 py-4 text-sm text-slate-500 dark:border-slate-800">
					© {new Date().getFullYear()} Carebook. Your records are private to you.
				</footer>
			</div>
		</div>
	)
}
