import { and, eq, sql } from 'drizzle-orm'
import { getDb, type Executor } from '#db/client.ts'
import { users } from '#db/schema/platform.ts'
import { recordAudit } from '#server/audit/index.ts'
import { queueEmail } from '#server/email/index.ts'
import { refuse, succeed, type Result } from '#server/errors/index.ts'
import { takeAttempt } from '#server/rate-limits/index.ts'
import { ACCOUNT_TOKEN_LIFETIME_MS, consumeAccountToken, createAccountToken } from './account-tokens.ts'
import { ACCOUNT_MESSAGES } from './shared/messages.ts'

/**
 * The account's e-mail address, confirmed by its owner (docs/decisions/030):
 * until the link of the confirmation e-mail is opened (24 hours, single use,
 * only the newest works), no notification e-mail goes to the address
 * (server/email's OWNER_NOTICE_KINDS), so nobody can have Carebook mail an
 * address they do not hold by signing up with it. Opening an e-mail change's
 * link or a password reset's confirms the address too: the owner read it.
 */

export const CONFIRM_ADDRESS_PATH = '/account/confirm-address'

/** Confirmation e-mails one user may ask for again per hour (sign-up sends the first). */
export const CONFIRMATION_RESENDS_PER_HOUR = 3

/** Queues the confirmation link for the user's current address (in the caller's transaction, or on the pool). */
export async function sendAddressConfirmation(executor: Executor, user: { id: string; email: string }, origin: string) {
	const token = await createAccountToken(executor, { userId: user.id, purpose: 'email_confirm', newEmail: user.email.toLowerCase() })
	await queueEmail(executor, {
		to: user.email,
		kind: 'email_confirm',
		userId: user.id,
		subject: 'Confirm your e-mail address for Carebook',
		lines: [
			'Someone, hopefully you, created a Carebook account with this e-mail address.',
			`Open the link below within ${ACCOUNT_TOKEN_LIFETIME_MS.email_confirm / 3_600_000} hours to confirm it. Until then Carebook sends no notifications to this address. If it was not you, ignore this message.`,
		],
		link: { label: 'Confirm e-mail address', url: `${origin}${CONFIRM_ADDRESS_PATH}?${new URLSearchParams({ token })}` },
	})
}

/** Whether the user's address is confirmed, and the address (for the screens that mention e-mail). */
export async function getAddressConfirmation(userId: string): Promise<{ email: string; isConfirmed: boolean }> {
	const [row] = await getDb().select({ email: users.email, emailConfirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, userId))
	return { email: row?.email ?? '', isConfirmed: !!row?.emailConfirmedAt }
}

/** 'Send the link again' on Settings: at most CONFIRMATION_RESENDS_PER_HOUR an hour; nothing to do once confirmed. */
export async function resendAddressConfirmation(userId: string, origin: string): Promise<Result<object, 'already-confirmed' | 'too-many-requests'>> {
	const [user] = await getDb().select({ id: users.id, email: users.email, emailConfirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, userId))
	if (!user || user.emailConfirmedAt) return refuse('conflict', 'already-confirmed', ACCOUNT_MESSAGES.addressAlreadyConfirmed)
	if (!(await takeAttempt({ bucket: 'email-confirm-resend', max: CONFIRMATION_RESENDS_PER_HOUR, windowMinutes: 60 }, userId))) {
		return refuse('rate-limited', 'too-many-requests', ACCOUNT_MESSAGES.confirmationTooMany)
	}
	await sendAddressConfirmation(getDb(), user, origin)
	return succeed({})
}

/**
 * The confirmation link, opened (its page's button: a GET changes nothing):
 * the token is used once and confirms the address it was sent to, if the
 * account still has that address.
 */
export async function confirmAddress(input: { token: string; ipAddress?: string | null }): Promise<Result<object, 'invalid-link'>> {
	return getDb().transaction(async (tx) => {
		const used = await consumeAccountToken(tx, input.token, 'email_confirm')
		if (!used?.newEmail) return refuse('invalid', 'invalid-link', ACCOUNT_MESSAGES.linkInvalid)
		const [confirmed] = await tx
			.update(users)
			.set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: sql`now()` })
			.where(and(eq(users.id, used.userId), sql`lower(${users.email}) = ${used.newEmail}`))
			.returning({ id: users.id })
		if (!confirmed) return refuse('invalid', 'invalid-link', ACCOUNT_MESSAGES.linkInvalid)
		await recordAudit({ action: 'account.email_confirm', actor: { userId: used.userId, ipAddress: input.ipAddress ?? null } }, tx)
		return succeed({})
	})
}
