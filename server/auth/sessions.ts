import { and, eq, lt, ne } from 'drizzle-orm'
import { getDb, type Executor } from '#db/client.ts'
import { organizations, sessions, users } from '#db/schema/platform.ts'
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

function absoluteMs() {
	return getEnv().SESSION_ABSOLUTE_HOURS * 3_600_000
}

/** A full idle window from now, but never past sign-in plus the absolute lifetime. */
function nextExpiry(createdAt: Date, now: number) {
	return new Date(Math.min(now + idleMs(), createdAt.getTime() + absoluteMs()))
}

/** Last activity is written at most this often per user (and per organization): one small update, not one per request. */
export const LAST_ACTIVE_RESOLUTION_MS = 5 * 60_000

/** A sign-in (password, second factor, registration): the session, and the user's last sign-in and activity. */
export async function createSession(input: {
	userId: string
	kind: SessionKind
	organizationId: string | null
}) {
	const token = generateSessionToken()
	const createdAt = new Date()
	const expiresAt = nextExpiry(createdAt, createdAt.getTime())
	await getDb().transaction(async (tx) => {
		await tx.insert(sessions).values({
			id: sessionIdFromToken(token),
			userId: input.userId,
			kind: input.kind,
			organizationId: input.organizationId,
			createdAt,
			expiresAt,
		})
		await tx.update(users).set({ lastLoginAt: createdAt, lastActiveAt: createdAt }).where(eq(users.id, input.userId))
		if (input.organizationId) await tx.update(organizations).set({ lastActiveAt: createdAt }).where(eq(organizations.id, input.organizationId))
	})
	return { token, expiresAt }
}

/** Records activity of the user and their organization when the stored time is older than LAST_ACTIVE_RESOLUTION_MS. */
async function noteActivity(session: { userId: string; organizationId: string | null; userLastActiveAt: Date | null; organizationLastActiveAt: Date | null }, now: number) {
	const isStale = (at: Date | null) => !at || now - at.getTime() >= LAST_ACTIVE_RESOLUTION_MS
	const db = getDb()
	const at = new Date(now)
	await Promise.all([
		isStale(session.userLastActiveAt) ? db.update(users).set({ lastActiveAt: at }).where(eq(users.id, session.userId)) : null,
		session.organizationId && isStale(session.organizationLastActiveAt)
			? db.update(organizations).set({ lastActiveAt: at }).where(eq(organizations.id, session.organizationId))
			: null,
	])
}

/**
 * Looks a cookie token up for one kind of session. A patient token is never
 * an admin session and the reverse. Sliding expiry: a session used in the
 * second half of its idle window is extended by a full window, but never past
 * its absolute end (sign-in plus SESSION_ABSOLUTE_HOURS, or plus the organization's
 * session lifetime when that is shorter); an ended session is
 * deleted. A valid one notes the user's (and organization's) last activity,
 * at most every LAST_ACTIVE_RESOLUTION_MS.
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
			createdAt: sessions.createdAt,
			/** The organization's session lifetime (admin Security settings), when it sets a shorter one. */
			lifetimeMinutes: organizations.sessionLifetimeMinutes,
			organizationLastActiveAt: organizations.lastActiveAt,
			userLastActiveAt: users.lastActiveAt,
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
		.leftJoin(organizations, eq(organizations.id, sessions.organizationId))
		.where(and(eq(sessions.id, id), eq(sessions.kind, kind)))
	if (!row) return null
	const { createdAt, lifetimeMinutes, organizationLastActiveAt, userLastActiveAt, ...session } = row
	const now = Date.now()
	const absoluteEnd = createdAt.getTime() + Math.min(absoluteMs(), lifetimeMinutes ? lifetimeMinutes * 60_000 : Infinity)
	const hasEnded = session.expiresAt.getTime() <= now || absoluteEnd <= now
	if (hasEnded || session.user.status !== 'active') {
		await db.delete(sessions).where(eq(sessions.id, id))
		return null
	}
	await noteActivity({ userId: session.user.id, organizationId: session.organizationId, userLastActiveAt, organizationLastActiveAt }, now)
	let isRenewed = false
	const renewedExpiry = new Date(Math.min(nextExpiry(createdAt, now).getTime(), absoluteEnd))
	if (session.expiresAt.getTime() - now < idleMs() / 2 && renewedExpiry > session.expiresAt) {
		session.expiresAt = renewedExpiry
		await db.update(sessions).set({ expiresAt: session.expiresAt }).where(eq(sessions.id, id))
		isRenewed = true
	}
	return { ...session, isRenewed }
}

export async function invalidateSession(token: string) {
	await getDb().delete(sessions).where(eq(sessions.id, sessionIdFromToken(token)))
}

/** Signs a user out everywhere (password reset, deactivation). */
export async function invalidateUserSessions(userId: string, executor: Executor = getDb()) {
	await executor.delete(sessions).where(eq(sessions.userId, userId))
}

/** Signs a user out everywhere but the session in use (password change from Settings). */
export async function invalidateOtherSessions(userId: string, keepSessionId: string, executor: Executor = getDb()) {
	const deleted = await executor
		.delete(sessions)
		.where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
		.returning({ id: sessions.id })
	return deleted.length
}

export async function deleteExpiredSessions(now = new Date()) {
	const deleted = await getDb().delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id })
	return deleted.length
}
