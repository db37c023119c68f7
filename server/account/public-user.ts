import type { SessionUser } from '#server/auth/sessions.ts'

export type PublicUser = {
	id: string
	name: string
	email: string
	role: SessionUser['role']
	phone: string | null
}

/** What the browser may know of a signed-in user. */
export function publicUser(user: SessionUser): PublicUser {
	return { id: user.id, name: user.name, email: user.email, role: user.role, phone: user.phone }
}
