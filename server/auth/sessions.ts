import { and, eq, lt } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { sessions, users } from '#db/schema/platform.ts'
import { getEnv } from '#server/env.server.ts'
import { generateSessionToken, sessionIdFromToken } from './session-token.ts'

export type SessionKind = 'patient' | 'admin'

export type SessionUser = {
	id: string
	email: string
	name: string
	role: 'patient' | 'admin' | 'superadmin'
	status: 'active' | 'inactive' | 'pending'
	phone: string | null
	timeZone: string | null
}

export type ValidSession = {
	id: string
	kind: SessionKind
	organizationId: string | null
	expiresAt: Date
	user: SessionUser
	/** True when this request moved the expiry: the cookie must be sent again. */
	isRenewed: boolean
}

function idleMs() {
	return getEnv().SESSION_IDLE_MINUTES * 60_000
}

export async function createSession(input: {
	userId: string
	kind: SessionKind
	organizationId: string | null
}) {
	const token = generateSessionToken()
	const expiresAt = new Date(Date.now() + idleMs())
	await getDb().insert(sessions).values({
		id: sessionIdFromToken(token),
		userId: input.userId,
		kind: input.kind,
		organizationId: input.organizationId,
		expiresAt,
	})
	return { token, expiresAt }
}

/**
 * Looks a cookie token up for one kind of session. A patient token is never
 * an admin session and the reverse. Sliding expiry: a session used in the
 * second half of its idle window is extended by a full window.
 */
export async function validateSessionToken(token: string, kind: SessionKind): Promise<ValidSession | null> {
	const id = sessionIdFromToken(token)
	const db = getDb()
	const [row] = await db
		.select({
			id: sessions.id,
			kind: sessions.kind,
			organizationId: sessions.organizationId,
			expiresAt: sessions.expiresAt,
			user: {
				id: users.id,
				email: users.email,
				name: users.name,
				role: users.role,
				status: users.status,
				phone: users.phone,
				timeZone: users.timeZone,
			},
		})
		.from(sessions)
		.innerJoin(users, eq(users.id, sessions.userId))
		.where(and(eq(sessions.id, id), eq(sessions.kind, kind)))
	if (!row) return null
	const now = Date.now()
	if (row.expiresAt.getTime() <= now || row.user.status !== 'active') {
		await db.delete(sessions).where(eq(sessions.id, id))
		return null
	}
	let isRenewed = false
	if (row.expiresAt.getTime() - now < idleMs() / 2) {
		row.expiresAt = new Date(now + idleMs())
		await db.update(sessions).set({ expiresAt: row.expiresAt }).where(eq(sessions.id, id))
		isRenewed = true
	}
	return { ...row, isRenewed }
}

export async function invalidateSession(token: string) {
	await getDb().delete(sessions).where(eq(sessions.id, sessionIdFromToken(token)))
}

/** Signs a user out everywhere (password change, deactivation). */
export async function invalidateUserSessions(userId: string) {
	await getDb().delete(sessions).where(eq(sessions.userId, userId))
}

export async function deleteExpiredSessions(now = new Date()) {
	const deleted = await getDb().delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id })
	return deleted.length
}
