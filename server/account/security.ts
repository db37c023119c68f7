import { eq, sql } from 'drizzle-orm'
import { getDb, type Executor } from '#db/client.ts'
import { users } from '#db/schema/platform.ts'
import { recordAudit } from '#server/audit/index.ts'
import { hashPassword, invalidateOtherSessions, invalidateUserSessions, verifyPassword } from '#server/auth/index.ts'
import { getEnv } from '#server/env.server.ts'
import { refuse, succeed, type Refusal, type Result } from '#server/errors/index.ts'
import { giveBackAttempt, takeAttempt } from '#server/rate-limits/index.ts'
import { newPasswordProblem } from './password-policy.ts'
import { ACCOUNT_MESSAGES } from './shared/messages.ts'

/** Who acts on their own account: the user, the session in use (kept on a password change), the address. */
export type AccountActor = { userId: string; sessionId: string; organizationId?: string | null; ipAddress?: string | null }

/** The user's stored password hash, or null for a user that does not exist. */
export async function passwordHashOf(userId: string) {
	const [row] = await getDb().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId))
	return row?.passwordHash ?? null
}

export async function isCurrentPassword(userId: string, password: string) {
	const hash = await passwordHashOf(userId)
	return !!hash && (await verifyPassword(hash, password))
}

/** The step-up password re-checks' limit: the sign-in's per-account one (LOGIN_ACCOUNT_MAX_FAILURES per LOGIN_LOCK_MINUTES). */
function stepUpPasswordLimit() {
	const env = getEnv()
	return { bucket: 'step-up-password', max: env.LOGIN_ACCOUNT_MAX_FAILURES, windowMinutes: env.LOGIN_LOCK_MINUTES }
}

/**
 * A step-up re-check of the signed-in user's current password (Change
 * Password, a new e-mail address): the same attempt limit as the sign-in, so
 * a stolen session cannot brute-force the password. A slot is taken before
 * the password is checked (decision 004) and given back when it is right;
 * past the limit the answer is 429 and nothing is checked until the window
 * moves on. Null when the password is right.
 */
export async function checkCurrentPassword<Field extends string>(
	actor: { userId: string; organizationId?: string | null; ipAddress?: string | null },
	password: string,
	field: Field,
): Promise<Refusal<'wrong-password' | 'too-many-attempts', Field> | null> {
	const attempt = await takeAttempt(stepUpPasswordLimit(), actor.userId)
	if (!attempt) return refuse('rate-limited', 'too-many-attempts', ACCOUNT_MESSAGES.tooManyPasswordAttempts, field)
	if (await isCurrentPassword(actor.userId, password)) {
		await giveBackAttempt(attempt.id)
		return null
	}
	await recordAudit({ action: 'account.step_up_failed', actor, details: { check: 'password' } })
	return refuse('invalid', 'wrong-password', ACCOUNT_MESSAGES.wrongCurrentPassword, field)
}

/**
 * Change Password in Settings: the current password must be right, the new
 * one follows the password rule; on success every other session of the user
 * is signed out (this one stays).
 */
export async function changePassword(
	actor: AccountActor,
	input: { currentPassword: string; newPassword: string },
): Promise<
	Result<{ signedOutSessions: number }, 'wrong-password' | 'too-many-attempts' | 'weak-password' | 'same-password', 'currentPassword' | 'newPassword'>
> {
	const wrongPassword = await checkCurrentPassword(actor, input.currentPassword, 'currentPassword')
	if (wrongPassword) return wrongPassword
	const problem = newPasswordProblem(input.newPassword)
	if (problem) return refuse('invalid', 'weak-password', problem, 'newPassword')
	if (input.newPassword === input.currentPassword) {
		return refuse('invalid', 'same-password', ACCOUNT_MESSAGES.passwordSameAsCurrent, 'newPassword')
	}
	const passwordHash = await hashPassword(input.newPassword)
	const signedOutSessions = await getDb().transaction(async (tx) => {
		await tx
			.update(users)
			.set({ passwordHash, updatedAt: sql`now()` })
			.where(eq(users.id, actor.userId))
		const count = await invalidateOtherSessions(actor.userId, actor.sessionId, tx)
		await recordAudit({ action: 'account.password_change', actor, details: { signedOutSessions: count } }, tx)
		return count
	})
	return succeed({ signedOutSessions })
}

/**
 * Deactivate My Account: the account is disabled (status inactive) and every
 * session deleted, in one transaction. An administrator can reactivate it.
 */
export async function deactivateAccount(actor: AccountActor): Promise<void> {
	await getDb().transaction(async (tx) => {
		await tx
			.update(users)
			.set({ status: 'inactive', updatedAt: sql`now()` })
			.where(eq(users.id, actor.userId))
		await invalidateUserSessions(actor.userId, tx)
		await recordAudit({ action: 'account.deactivate', actor, target: { type: 'user', id: actor.userId } }, tx)
	})
}

/**
 * An administrator sets a user's status (Activate / Deactivate in the admin
 * portal, and the status field of its user form). Deactivating also ends the
 * user's sessions. False when no such user. Given the caller's transaction it
 * runs inside it (a savepoint), so a form's other changes commit with it.
 */
export async function setAccountStatus(
	admin: { userId: string; ipAddress?: string | null },
	userId: string,
	status: 'active' | 'inactive',
	executor: Executor = getDb(),
): Promise<boolean> {
	return executor.transaction(async (tx) => {
		const updated = await tx
			.update(users)
			.set({ status, updatedAt: sql`now()` })
			.where(eq(users.id, userId))
			.returning({ id: users.id })
		if (updated.length === 0) return false
		if (status === 'inactive') await invalidateUserSessions(userId, tx)
		await recordAudit(
			{ action: status === 'active' ? 'admin.user_reactivate' : 'admin.user_deactivate', actor: admin, target: { type: 'user', id: userId } },
			tx,
		)
		return true
	})
}
