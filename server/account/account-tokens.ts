import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { getDb, type Executor } from '#db/client.ts'
import { accountTokens } from '#db/schema/platform.ts'
import { generateSessionToken, sessionIdFromToken } from '#server/auth/session-token.ts'

export type AccountTokenPurpose = 'password_reset' | 'email_change' | 'email_confirm'

export const ACCOUNT_TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
	password_reset: 60 * 60_000,
	email_change: 24 * 60 * 60_000,
	email_confirm: 24 * 60 * 60_000,
}

/**
 * A single-use link token (32 random bytes): the e-mail carries the token,
 * the database its SHA-256. Earlier unused tokens of the same purpose are
 * used up, so only the newest link works.
 */
export async function createAccountToken(
	tx: Executor,
	input: { userId: string; purpose: AccountTokenPurpose; newEmail?: string | null; now?: Date },
): Promise<string> {
	const token = generateSessionToken()
	const now = input.now ?? new Date()
	await tx
		.update(accountTokens)
		.set({ usedAt: now })
		.where(and(eq(accountTokens.userId, input.userId), eq(accountTokens.purpose, input.purpose), isNull(accountTokens.usedAt)))
	await tx.insert(accountTokens).values({
		tokenHash: sessionIdFromToken(token),
		userId: input.userId,
		purpose: input.purpose,
		newEmail: input.newEmail ?? null,
		expiresAt: new Date(now.getTime() + ACCOUNT_TOKEN_LIFETIME_MS[input.purpose]),
		createdAt: now,
	})
	return token
}

function isUsable(token: string, purpose: AccountTokenPurpose) {
	return and(
		eq(accountTokens.tokenHash, sessionIdFromToken(token)),
		eq(accountTokens.purpose, purpose),
		isNull(accountTokens.usedAt),
		gt(accountTokens.expiresAt, sql`now()`),
	)
}

/** Whether a link's token is still usable (the page that asks for a new password shows the form only then). */
export async function isAccountTokenUsable(token: string, purpose: AccountTokenPurpose): Promise<boolean> {
	if (!token) return false
	const [row] = await getDb().select({ id: accountTokens.id }).from(accountTokens).where(isUsable(token, purpose))
	return !!row
}

/**
 * Uses a token up in one UPDATE (two parallel uses: one wins): the user and
 * the new e-mail it was made for, or null when unknown, used or expired.
 */
export async function consumeAccountToken(tx: Executor, token: string, purpose: AccountTokenPurpose) {
	if (!token) return null
	const [row] = await tx
		.update(accountTokens)
		.set({ usedAt: sql`now()` })
		.where(isUsable(token, purpose))
		.returning({ userId: accountTokens.userId, newEmail: accountTokens.newEmail })
	return row ?? null
}
