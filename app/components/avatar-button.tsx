import type { PublicUser } from '#server/account/index.ts'

/** The avatar button's look, shared by the menu and the plain button shown until the menu's code loads. */
export const AVATAR_BUTTON_CLASS =
	'flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'

function initials(name: string) {
	return name
		.split(/\s+/)
		.filter(Boolean)
		.slice(0, 2)
		.map((part) => part[0]!.toUpperCase())
		.join('')
}

/** The initials, and the button's name as screen-reader text. */
export function AvatarButtonFace({ user }: { user: PublicUser }) {
	return (
		<>
			{/* The name is the sr-only text (no aria-label that would differ from the visible initials). */}
			<span aria-hidden="true">{initials(user.name) || '?'}</span>
			<span className="sr-only">Open user menu</span>
		</>
	)
}

let isOpenRequested = false

/** A click on the plain button before the menu's code has loaded: the menu opens once it has. */
export function requestAvatarMenuOpen() {
	isOpenRequested = true
}

/** True once after a click on the plain button (the menu calls it when it mounts). */
export function takeAvatarMenuOpenRequest() {
	const wasRequested = isOpenRequested
	isOpenRequested = false
	return wasRequested
}
