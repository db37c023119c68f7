import { Form, Link, useLocation } from '@remix-run/react'
import { useState, type ReactNode } from 'react'
import { cn } from '#app/lib/cn.ts'
import { adminDisplayName, adminNavFor, isAdminNavActive, type AdminRole } from '#app/lib/navigation.ts'

export function AdminShell({ admin, children }: { admin: { name: string | null; email: string | null; role: AdminRole }; children: ReactNode }) {
	const { pathname } = useLocation()
	const [isOpen, setOpen] = useState(false)
	const nav = (
		<nav aria-label="Admin navigation" className="space-y-1 px-3 py-4">
			{adminNavFor(admin.role).map((item) => {
				const isActive = isAdminNavActive(item.to, pathname)
				return (
					<Link
						key={item.to}
						to={item.to}
						onClick={() => setOpen(false)}
						aria-current={isActive ? 'page' : undefined}
						className={cn(
							'block rounded-md px-3 py-2 text-sm font-medium',
							isActive ? 'bg-slate-700 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white',
						)}
					>
						{item.label}
					</Link>
				)
			})}
		</nav>
	)
	return (
		<div className="flex min-h-full">
			<aside className={cn('fixed inset-y-0 left-0 z-40 w-64 flex-col bg-slate-900 lg:static lg:flex', isOpen ? 'flex' : 'hidden')}>
				<p className="px-6 pt-6 text-lg font-bold text-white">Carebook Admin</p>
				<div className="flex-1 overflow-y-auto">{nav}</div>
				<div className="border-t border-slate-800 px-6 py-4">
					<p className="truncate text-sm font-medium text-white" data-testid="admin-name">
						{adminDisplayName(admin)}
					</p>
					<Link to="/admin/security" className="mt-2 block text-sm text-slate-300 hover:text-white">
						Account security
					</Link>
					<Form method="post" action="/admin/logout" className="mt-2">
						<button type="submit" className="text-sm text-slate-300 hover:text-white">
							Logout
						</button>
					</Form>
				</div>
			</aside>
			<div className="flex min-w-0 flex-1 flex-col">
				<header className="flex h-14 items-center border-b border-slate-200 bg-white px-4 lg:hidden dark:border-slate-800 dark:bg-slate-900">
					<button type="button" className="rounded-md p-2" aria-label={isOpen ? 'Close menu' : 'Open menu'} onClick={() => setOpen((open) => !open)}>
						<span aria-hidden>☰</span>
					</button>
				</header>
				<main className="flex-1 px-4 py-8 sm:px-6 lg:px-8">{children}</main>
			</div>
		</div>
	)
}
