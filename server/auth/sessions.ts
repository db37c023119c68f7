import { and, eq, lt, ne } from 'drizzle-orm'
import { getDb, type Executor } from '#db/client.ts'
import { organizations, sessions, twoFactorCredentials, users } from '#db/schema/platform.ts'
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
export async function createSession(input: { userId: string; kind: SessionKind; organizationId: string | null }) {
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
async function noteActivity(
	session: { userId: string; organizationId: string | null; userLastActiveAt: Date | null; organizationLastActiveAt: Date | null },
	now: number,
) {
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

/** A session by id with what decides whether it is still in force: its user, its organization's status and rules, the user's second factor. */
async function selectSession(id: string, kind: SessionKind) {
	const [row] = await getDb()
		.select({
			id: sessions.id,
			kind: sessions.kind,
			organizationId: sessions.organizationId,
			expiresAt: sessions.expiresAt,
			createdAt: sessions.createdAt,
			/** The organization's session lifetime (admin Security settings), when it sets a shorter one. */
			lifetimeMinutes: organizations.sessionLifetimeMinutes,
			organizationStatus: organizations.status,
			requiresTwoFactor: organizations.requireTwoFactor,
			twoFactorEnabledAt: twoFactorCredentials.enabledAt,
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
		.leftJoin(twoFactorCredentials, eq(twoFactorCredentials.userId, sessions.userId))
		.where(and(eq(sessions.id, id), eq(sessions.kind, kind)))
	return row ?? null
}

type SessionRow = NonNullable<Awaited<ReturnType<typeof selectSession>>>

/** Sign-in plus the absolute lifetime, or plus the organization's session lifetime when that is shorter. */
function absoluteEndOf(row: SessionRow) {
	return row.createdAt.getTime() + Math.min(absoluteMs(), row.lifetimeMinutes ? row.lifetimeMinutes * 60_000 : Infinity)
}

/**
 * Whether a session still lets its user in: not past its idle or absolute
 * end, its user active, and its organization neither inactive nor requiring a
 * second factor the user has not set up. The account, its organization and
 * the organization's 2FA rule are read on every request, not only at sign-in
 * (sign-in then says why it refuses). docs/decisions/015-account-security.md
 */
function isInForce(row: SessionRow, now: number) {
	const hasEnded = row.expiresAt.getTime() <= now || absoluteEndOf(row) <= now
	const isRefusedByOrganization = row.organizationStatus === 'inactive' || (row.requiresTwoFactor === true && !row.twoFactorEnabledAt)
	return !hasEnded && row.user.status === 'active' && !isRefusedByOrganization
}

/**
 * Looks a cookie token up for one kind of session. A patient token is never
 * an admin session and the reverse. Sliding expiry: a session used in the
 * second half of its idle window is extended by a full window, but never past
 * its absolute end; a session no longer in force (isInForce) is deleted.
 */
export async function validateSessionToken(token: string, kind: SessionKind): Promise<ValidSession | null> {
	const id = sessionIdFromToken(token)
	const db = getDb()
	const row = await selectSession(id, kind)
	if (!row) return null
	const now = Date.now()
	if (!isInForce(row, now)) {
		await db.delete(sessions).where(eq(sessions.id, id))
		return null
	}
	const {
		createdAt,
		lifetimeMinutes: _lifetime,
		organizationStatus: _status,
		requiresTwoFactor: _rule,
		twoFactorEnabledAt: _enabled,
		organizationLastActiveAt,
		userLastActiveAt,
		...session
	} = row
	await noteActivity({ userId: session.user.id, organizationId: session.organizationId, userLastActiveAt, organizationLastActiveAt }, now)
	let isRenewed = false
	const renewedExpiry = new Date(Math.min(nextExpiry(createdAt, now).getTime(), absoluteEndOf(row)))
	if (session.expiresAt.getTime() - now < idleMs() / 2 && renewedExpiry > session.expiresAt) {
		session.expiresAt = renewedExpiry
		await db.update(sessions).set({ expiresAt: session.expiresAt }).where(eq(sessions.id, id))
		isRenewed = true
	}
	return { ...session, isRenewed }
}

/** Whether the session (by id, as a guard gave it) is still in force, without renewing it: what a long-lived answer (the live stream) checks again. */
export async function isSessionInForce(sessionId: string, kind: SessionKind): Promise<boolean> {
	const row = await selectSession(sessionId, kind)
	return !!row && isInForce(row, Date.now())
}

export async function invalidateSession(token: string) {
	await getDb()
		.delete(sessions)
		.where(eq(sessions.id, sessionIdFromToken(token)))
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
