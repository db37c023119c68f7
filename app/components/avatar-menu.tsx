import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { Link, useSubmit } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { AvatarButtonFace, AVATAR_BUTTON_CLASS, takeAvatarMenuOpenRequest } from './avatar-button.tsx'
import type { PublicUser } from '#server/account/index.ts'

/** The header's user menu (loaded lazily by patient-shell.tsx: Headless UI stays off the first paint's path). */
export default function AvatarMenu({ user }: { user: PublicUser }) {
	// The menu's items unmount on click, so the sign-out is submitted, not a nested form.
	const submit = useSubmit()
	const button = useRef<HTMLButtonElement>(null)
	useEffect(() => {
		// The plain button was clicked while this code was loading: open now.
		if (takeAvatarMenuOpenRequest()) button.current?.click()
	}, [])
	return (
		<Menu as="div" className="relative">
			<MenuButton ref={button} className={AVATAR_BUTTON_CLASS}>
				<AvatarButtonFace user={user} />
			</MenuButton>
			<MenuItems anchor="bottom end" className="z-50 mt-2 w-60 rounded-md bg-white py-1 shadow-lg ring-1 ring-black/5 focus:outline-none dark:bg-slate-800">
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
