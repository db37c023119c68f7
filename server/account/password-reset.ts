import { and, count, eq, gt, sql } from 'drizzle-orm'
import { sha256 } from '@oslojs/crypto/sha2'
import { encodeHexLowerCase } from '@oslojs/encoding'
import { getDb, type Transaction } from '#db/client.ts'
import { passwordResetRequests, users } from '#db/schema/platform.ts'
import { recordAudit } from '#server/audit/index.ts'
import { hashPassword, invalidateUserSessions, liftSignInLocks } from '#server/auth/index.ts'
import { isEmailDeliveryAvailable, queueEmail } from '#server/email/index.ts'
import { refuse, succeed, type Result } from '#server/errors/index.ts'
import { consumeAccountToken, createAccountToken } from './account-tokens.ts'
import { newPasswordProblem } from './password-policy.ts'
import { ACCOUNT_MESSAGES } from './shared/messages.ts'

/** Reset requests allowed per hour from one address, and for one e-mail address (known or not). */
export const RESET_REQUESTS_PER_ADDRESS_PER_HOUR = 10
export const RESET_REQUESTS_PER_ACCOUNT_PER_HOUR = 3
/** Advisory lock class for "one address's reset requests" (the login's is 7301, registration's 7302). */
const RESET_LOCK_CLASS = 7_303

export const RESET_PASSWORD_PATH = '/reset-password'

function emailHashOf(email: string) {
	return encodeHexLowerCase(sha256(new TextEncoder().encode(email.trim().toLowerCase())))
}

/**
 * 'Forgot password?': counts the request against the address and the e-mail
 * asked for (both before anything is looked up), then, for an active account
 * with that e-mail, queues a one-hour single-use link. The answer is the same
 * whether or not the e-mail is registered; only the limits refuse. A server
 * that cannot send e-mail (production without a relay) says so before
 * anything is looked up, the same for every address.
 */
export async function requestPasswordReset(input: {
	email: string
	ipAddress: string
	origin: string
}): Promise<Result<object, 'rate-limited' | 'email-unavailable'>> {
	if (!isEmailDeliveryAvailable()) return refuse('unavailable', 'email-unavailable', ACCOUNT_MESSAGES.resetEmailUnavailable)
	const email = input.email.trim().toLowerCase()
	const emailHash = emailHashOf(email)
	return getDb().transaction(async (tx) => {
		await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(RESET_LOCK_CLASS))}, hashtext(${input.ipAddress}))`)
		await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(RESET_LOCK_CLASS))}, hashtext(${emailHash}))`)
		const lastHour = gt(passwordResetRequests.createdAt, sql`now() - interval '1 hour'`)
		const [[byAddress], [byAccount]] = await Promise.all([
			tx
				.select({ n: count() })
				.from(passwordResetRequests)
				.where(and(eq(passwordResetRequests.ipAddress, input.ipAddress), lastHour)),
			tx
				.select({ n: count() })
				.from(passwordResetRequests)
				.where(and(eq(passwordResetRequests.emailHash, emailHash), lastHour)),
		])
		if (byAddress!.n >= RESET_REQUESTS_PER_ADDRESS_PER_HOUR || byAccount!.n >= RESET_REQUESTS_PER_ACCOUNT_PER_HOUR) {
			return refuse('rate-limited', 'rate-limited', ACCOUNT_MESSAGES.resetTooMany)
		}
		await tx.insert(passwordResetRequests).values({ ipAddress: input.ipAddress, emailHash })
		const [user] = await tx
			.select({ id: users.id, email: users.email, status: users.status })
			.from(users)
			.where(sql`lower(${users.email}) = ${email}`)
		if (user && user.status === 'active') {
			await queueResetLink(tx, user, input.origin)
			await recordAudit({ action: 'account.password_reset_request', actor: { userId: user.id, ipAddress: input.ipAddress } }, tx)
		}
		return succeed({})
	})
}

/** The one-hour single-use reset link, created and e-mailed (through the outbox) in the caller's transaction. */
async function queueResetLink(tx: Transaction, user: { id: string; email: string }, origin: string) {
	const token = await createAccountToken(tx, { userId: user.id, purpose: 'password_reset' })
	await queueEmail(tx, {
		to: user.email,
		kind: 'password_reset',
		userId: user.id,
		subject: 'Reset your Carebook password',
		lines: [
			'Someone asked to reset the password of your Carebook account.',
			'The link below works once and for one hour. If it was not you, ignore this e-mail: your password stays as it is.',
		],
		link: { label: 'Reset password', url: `${origin}${RESET_PASSWORD_PATH}?${new URLSearchParams({ token })}` },
	})
}

/**
 * An administrator's 'Reset password by e-mail' (admin user detail): the
 * same link and e-mail as 'Forgot password?', sent to the user's address.
 * Only an active account gets one (as with the self-service request);
 * audited with the administrator as actor. The password is never seen or set
 * by the administrator.
 */
export async function sendPasswordResetByAdmin(
	admin: { userId: string; ipAddress?: string | null },
	userId: string,
	origin: string,
): Promise<Result<object, 'no-user' | 'inactive' | 'email-unavailable'>> {
	if (!isEmailDeliveryAvailable()) return refuse('unavailable', 'email-unavailable', ACCOUNT_MESSAGES.adminResetEmailUnavailable)
	return getDb().transaction(async (tx) => {
		const [user] = await tx.select({ id: users.id, email: users.email, status: users.status }).from(users).where(eq(users.id, userId))
		if (!user) return refuse('not-found', 'no-user', ACCOUNT_MESSAGES.userNotFound)
		if (user.status !== 'active') return refuse('conflict', 'inactive', ACCOUNT_MESSAGES.resetNeedsActiveAccount)
		await queueResetLink(tx, user, origin)
		await recordAudit({ action: 'admin.user_password_reset_sent', actor: admin, target: { type: 'user', id: user.id } }, tx)
		return succeed({})
	})
}

/**
 * Sets a new password through a reset link: the password rule first (a weak
 * password does not use the link up), then the token is used once; the
 * account's lock is lifted and every session of the user is signed out.
 */
export async function resetPassword(input: {
	token: string
	newPassword: string
	ipAddress?: string | null
}): Promise<Result<object, 'invalid-link' | 'weak-password', 'newPassword'>> {
	const problem = newPasswordProblem(input.newPassword)
	if (problem) return refuse('invalid', 'weak-password', problem, 'newPassword')
	const passwordHash = await hashPassword(input.newPassword)
	const outcome = await getDb().transaction(async (tx) => {
		const used = await consumeAccountToken(tx, input.token, 'password_reset')
		if (!used) return refuse('invalid', 'invalid-link', ACCOUNT_MESSAGES.linkInvalid)
		const [account] = await tx
			.update(users)
			// the reset link reached the account's address: it is confirmed (email-confirmation.ts)
			.set({ passwordHash, failedLoginCount: 0, lockedUntil: null, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: sql`now()` })
			.where(eq(users.id, used.userId))
			.returning({ email: users.email })
		await invalidateUserSessions(used.userId, tx)
		await recordAudit({ action: 'account.password_reset', actor: { userId: used.userId, ipAddress: input.ipAddress ?? null } }, tx)
		return succeed({ email: account?.email ?? null })
	})
	if (!outcome.ok) return outcome
	if (outcome.email) await liftSignInLocks(outcome.email)
	return succeed({})
}
