import { and, count, eq, gt, sql } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { loginAttempts, memberships, users } from '#db/schema/platform.ts'
import { getEnv } from '#server/env.server.ts'
import { recordAudit } from '#server/audit/index.ts'
import { dummyPasswordHash, verifyPassword } from './password.ts'
import { createSession, type SessionKind } from './sessions.ts'

export type LoginResult =
	| { ok: true; token: string; expiresAt: Date; userId: string }
	| { ok: false; status: 401 | 423 | 429 }

const PORTAL_ROLES: Record<SessionKind, ReadonlyArray<string>> = {
	patient: ['patient'],
	admin: ['admin', 'superadmin'],
}

/**
 * Checks credentials for one portal. Too many failures from one address in
 * the window answer 429 before any password is checked; too many in a row
 * for one account lock it (423) for a while. The role comes from the
 * database: an admin cannot sign in at the patient portal, nor a patient at
 * the admin portal, and both get the same answer as a wrong password.
 */
export async function authenticate(input: {
	email: string
	password: string
	portal: SessionKind
	ipAddress: string
}): Promise<LoginResult> {
	const env = getEnv()
	const db = getDb()
	const windowStart = new Date(Date.now() - env.LOGIN_IP_WINDOW_MINUTES * 60_000)
	const [{ failures }] = await db
		.select({ failures: count() })
		.from(loginAttempts)
		.where(
			and(
				eq(loginAttempts.ipAddress, input.ipAddress),
				eq(loginAttempts.succeeded, false),
				gt(loginAttempts.createdAt, windowStart),
			),
		)
	if (failures >= env.LOGIN_IP_MAX_FAILURES) return { ok: false, status: 429 }

	const email = input.email.trim().toLowerCase()
	const [user] = await db
		.select()
		.from(users)
		.where(sql`lower(${users.email}) = ${email}`)

	if (user?.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
		await recordAttempt(input, user.id, false)
		return { ok: false, status: 423 }
	}

	const isPasswordRight = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password)
	const mayUsePortal = !!user && PORTAL_ROLES[input.portal].includes(user.role) && user.status === 'active'

	if (!user || !isPasswordRight || !mayUsePortal) {
		if (user && !isPasswordRight) {
			const failedLoginCount = user.failedLoginCount + 1
			const isNowLocked = failedLoginCount >= env.LOGIN_ACCOUNT_MAX_FAILURES
			await db
				.update(users)
				.set({
					failedLoginCount: isNowLocked ? 0 : failedLoginCount,
					lockedUntil: isNowLocked ? new Date(Date.now() + env.LOGIN_LOCK_MINUTES * 60_000) : user.lockedUntil,
				})
				.where(eq(users.id, user.id))
			if (isNowLocked) {
				await recordAudit({ action: 'auth.account_locked', actorUserId: user.id, ipAddress: input.ipAddress })
			}
		}
		await recordAttempt(input, user?.id ?? null, false)
		return { ok: false, status: 401 }
	}

	const [membership] = await db
		.select({ organizationId: memberships.organizationId })
		.from(memberships)
		.where(eq(memberships.userId, user.id))
		.orderBy(memberships.createdAt)
		.limit(1)
	await db
		.update(users)
		.set({ failedLoginCount: 0, lockedUntil: null, lastLoginAt: new Date() })
		.where(eq(users.id, user.id))
	await recordAttempt(input, user.id, true)
	await recordAudit({
		action: input.portal === 'admin' ? 'auth.admin_login' : 'auth.login',
		actorUserId: user.id,
		organizationId: membership?.organizationId ?? null,
		ipAddress: input.ipAddress,
	})
	const session = await createSession({
		userId: user.id,
		kind: input.portal,
		organizationId: membership?.organizationId ?? null,
	})
	return { ok: true, token: session.token, expiresAt: session.expiresAt, userId: user.id }
}

async function recordAttempt(
	input: { portal: SessionKind; ipAddress: string },
	userId: string | null,
	succeeded: boolean,
) {
	await getDb().insert(loginAttempts).values({ ipAddress: input.ipAddress, portal: input.portal, userId, succeeded })
}
