import { and, count, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import { decodeBase32IgnorePadding, encodeBase32LowerCaseNoPadding, encodeBase32UpperCaseNoPadding } from '@oslojs/encoding'
import { getDb, type Executor } from '#db/client.ts'
import { memberships, recoveryCodes, twoFactorChallenges, twoFactorCredentials } from '#db/schema/platform.ts'
import { recordAudit } from '#server/audit/index.ts'
import { refuse, succeed, type Result } from '#server/errors/shared/result.ts'
import { createSession, type SessionKind } from './sessions.ts'
import { generateSessionToken, sessionIdFromToken } from './session-token.ts'
import { TWO_FACTOR_MESSAGES } from './shared/messages.ts'
import { matchTotpStep, totpKeyUri } from './totp.ts'

/**
 * TOTP second factor with one-time recovery codes, for both portals.
 * Set-up stores a secret not yet enabled; a right code enables it and gives
 * RECOVERY_CODE_COUNT recovery codes, shown once and stored as SHA-256.
 * A sign-in whose password was right becomes a challenge (a cookie token,
 * CHALLENGE_MINUTES) that a code or a recovery code turns into a session.
 * Codes have their own attempt limit: CHALLENGE_MAX_ATTEMPTS per challenge,
 * and the account's code check locks for CODE_LOCK_MINUTES after
 * CODE_MAX_FAILURES wrong codes in a row.
 */
export const RECOVERY_CODE_COUNT = 10
export const CHALLENGE_MINUTES = 5
export const CHALLENGE_MAX_ATTEMPTS = 5
export const CODE_MAX_FAILURES = 10
export const CODE_LOCK_MINUTES = 15

type Actor = { userId: string; organizationId?: string | null; ipAddress?: string | null }

function hashCode(code: string) {
	return sessionIdFromToken(code.trim().toLowerCase().replace(/[\s-]/g, ''))
}

function newRecoveryCode() {
	const bytes = new Uint8Array(8)
	crypto.getRandomValues(bytes)
	const text = encodeBase32LowerCaseNoPadding(bytes).slice(0, 10)
	return `${text.slice(0, 5)}-${text.slice(5)}`
}

export type TwoFactorStatus = { isEnabled: boolean; pendingSetup: { secret: string; uri: string } | null; recoveryCodesLeft: number }

/** Whether the user has a confirmed second factor (the sign-in asks for a code then). */
export async function isTwoFactorEnabled(userId: string, executor: Executor = getDb()) {
	const [row] = await executor.select({ enabledAt: twoFactorCredentials.enabledAt }).from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, userId))
	return !!row?.enabledAt
}

/** How many members of an organization have no confirmed second factor (who cannot sign in while it requires one). */
export async function countMembersWithoutTwoFactor(organizationId: string) {
	const [row] = await getDb()
		.select({ members: count() })
		.from(memberships)
		.leftJoin(twoFactorCredentials, eq(twoFactorCredentials.userId, memberships.userId))
		.where(and(eq(memberships.organizationId, organizationId), isNull(twoFactorCredentials.enabledAt)))
	return row?.members ?? 0
}

/** What Settings shows: enabled or not, the secret of a set-up in progress (QR code and manual key), recovery codes left. */
export async function getTwoFactorStatus(user: { id: string; email: string }): Promise<TwoFactorStatus> {
	const db = getDb()
	const [row] = await db.select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, user.id))
	const [{ left }] = await db
		.select({ left: count() })
		.from(recoveryCodes)
		.where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)))
	if (!row) return { isEnabled: false, pendingSetup: null, recoveryCodesLeft: 0 }
	if (row.enabledAt) return { isEnabled: true, pendingSetup: null, recoveryCodesLeft: left }
	const key = decodeBase32IgnorePadding(row.secret)
	return { isEnabled: false, pendingSetup: { secret: row.secret, uri: totpKeyUri(user.email, key) }, recoveryCodesLeft: 0 }
}

/** Setup 2FA: a new secret, not yet enabled (replaces an unconfirmed one). Refused when 2FA is already on. */
export async function beginTwoFactorSetup(actor: Actor): Promise<Result<object, 'already-enabled'>> {
	if (await isTwoFactorEnabled(actor.userId)) return refuse('conflict', 'already-enabled', TWO_FACTOR_MESSAGES.alreadyEnabled)
	const key = new Uint8Array(20)
	crypto.getRandomValues(key)
	const secret = encodeBase32UpperCaseNoPadding(key)
	await getDb()
		.insert(twoFactorCredentials)
		.values({ userId: actor.userId, secret })
		.onConflictDoUpdate({
			target: twoFactorCredentials.userId,
			set: { secret, enabledAt: null, lastTimeStep: null, failedCount: 0, lockedUntil: null, createdAt: sql`now()` },
			where: isNull(twoFactorCredentials.enabledAt),
		})
	return succeed({})
}

/** Cancels a set-up that was not confirmed. */
export async function cancelTwoFactorSetup(actor: Actor) {
	await getDb()
		.delete(twoFactorCredentials)
		.where(and(eq(twoFactorCredentials.userId, actor.userId), isNull(twoFactorCredentials.enabledAt)))
}

/**
 * Checks a TOTP code of the user's stored secret (pending or enabled) and
 * records its step, in one conditional UPDATE: a code is accepted once.
 */
async function acceptTotpCode(executor: Executor, userId: string, code: string, options: { isEnabled: boolean; now: number }) {
	const [row] = await executor.select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, userId))
	if (!row || !!row.enabledAt !== options.isEnabled) return false
	const step = matchTotpStep(decodeBase32IgnorePadding(row.secret), code, options.now, row.lastTimeStep)
	if (step === null) return false
	const updated = await executor
		.update(twoFactorCredentials)
		.set({ lastTimeStep: step })
		.where(and(eq(twoFactorCredentials.userId, userId), or(isNull(twoFactorCredentials.lastTimeStep), sql`${twoFactorCredentials.lastTimeStep} < ${step}`)))
		.returning({ userId: twoFactorCredentials.userId })
	return updated.length > 0
}

async function useRecoveryCode(executor: Executor, userId: string, code: string) {
	const used = await executor
		.update(recoveryCodes)
		.set({ usedAt: sql`now()` })
		.where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashCode(code)), isNull(recoveryCodes.usedAt)))
		.returning({ id: recoveryCodes.id })
	return used.length > 0
}

/**
 * Confirms the set-up with a code from the app: 2FA is on and the recovery
 * codes are made; they are returned this once and never shown again.
 */
export async function confirmTwoFactorSetup(actor: Actor, code: string, now = Date.now()): Promise<Result<{ recoveryCodes: string[] }, 'invalid-code'>> {
	return getDb().transaction(async (tx) => {
		if (!(await acceptTotpCode(tx, actor.userId, code, { isEnabled: false, now }))) {
			return refuse('invalid', 'invalid-code', TWO_FACTOR_MESSAGES.codeInvalid, 'code')
		}
		await tx
			.update(twoFactorCredentials)
			.set({ enabledAt: new Date(now) })
			.where(eq(twoFactorCredentials.userId, actor.userId))
		await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, actor.userId))
		const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
		await tx.insert(recoveryCodes).values(codes.map((each) => ({ userId: actor.userId, codeHash: hashCode(each) })))
		await recordAudit({ action: 'account.two_factor_enable', actor }, tx)
		return succeed({ recoveryCodes: codes })
	})
}

/**
 * One try of the account's code check (sign-in codes and the step-up code of
 * Settings share it): a slot taken in one UPDATE before the code is checked
 * (decision 004); the try that takes the last of CODE_MAX_FAILURES slots
 * locks the check for CODE_LOCK_MINUTES. False while it is locked (or the
 * user has no second factor).
 */
async function takeCodeSlot(userId: string) {
	const reachesLimit = sql`${twoFactorCredentials.failedCount} + 1 >= ${CODE_MAX_FAILURES}`
	const [slot] = await getDb()
		.update(twoFactorCredentials)
		.set({
			failedCount: sql`case when ${reachesLimit} then 0 else ${twoFactorCredentials.failedCount} + 1 end`,
			lockedUntil: sql`case when ${reachesLimit} then now() + make_interval(mins => ${CODE_LOCK_MINUTES}) else ${twoFactorCredentials.lockedUntil} end`,
		})
		.where(and(eq(twoFactorCredentials.userId, userId), or(isNull(twoFactorCredentials.lockedUntil), lte(twoFactorCredentials.lockedUntil, sql`now()`))))
		.returning({ userId: twoFactorCredentials.userId })
	return !!slot
}

/** A right code gives the account's slots back. */
async function releaseCodeSlots(userId: string) {
	await getDb().update(twoFactorCredentials).set({ failedCount: 0, lockedUntil: null }).where(eq(twoFactorCredentials.userId, userId))
}

/**
 * Turns 2FA off; needs a current code (or an unused recovery code). A step-up
 * check: it counts against the account's code lock like a sign-in code, and
 * while that is locked the answer is 429 without checking the code.
 */
export async function disableTwoFactor(actor: Actor, code: string, now = Date.now()): Promise<Result<object, 'invalid-code' | 'too-many-attempts'>> {
	if (!(await takeCodeSlot(actor.userId))) return refuse('rate-limited', 'too-many-attempts', TWO_FACTOR_MESSAGES.locked, 'code')
	return getDb().transaction(async (tx) => {
		const isAccepted = (await acceptTotpCode(tx, actor.userId, code, { isEnabled: true, now })) || (await useRecoveryCode(tx, actor.userId, code))
		if (!isAccepted) {
			await recordAudit({ action: 'account.step_up_failed', actor, details: { check: 'two_factor_code' } }, tx)
			return refuse('invalid', 'invalid-code', TWO_FACTOR_MESSAGES.codeInvalid, 'code')
		}
		await tx.delete(twoFactorCredentials).where(eq(twoFactorCredentials.userId, actor.userId))
		await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, actor.userId))
		await recordAudit({ action: 'account.two_factor_disable', actor }, tx)
		return succeed({})
	})
}

/** A sign-in whose password was right, waiting for the code: the token for the cookie. */
export async function startTwoFactorChallenge(input: { userId: string; kind: SessionKind; organizationId: string | null }) {
	const token = generateSessionToken()
	const expiresAt = new Date(Date.now() + CHALLENGE_MINUTES * 60_000)
	await getDb()
		.insert(twoFactorChallenges)
		.values({
			id: sessionIdFromToken(token),
			userId: input.userId,
			kind: input.kind,
			organizationId: input.organizationId,
			expiresAt,
		})
	return { token, expiresAt }
}

/** Whether a challenge cookie is still open (the code page sends anyone else back to sign in). */
export async function isChallengeOpen(token: string | null, kind: SessionKind) {
	if (!token) return false
	const [row] = await getDb()
		.select({ id: twoFactorChallenges.id })
		.from(twoFactorChallenges)
		.where(and(eq(twoFactorChallenges.id, sessionIdFromToken(token)), eq(twoFactorChallenges.kind, kind), gt(twoFactorChallenges.expiresAt, sql`now()`)))
	return !!row
}

/**
 * The code page: a TOTP code or a recovery code finishes the challenge into
 * a session. Each try counts against the challenge (then it ends: sign in
 * again) and, when wrong, against the account's code lock.
 */
export async function completeTwoFactorChallenge(input: {
	token: string | null
	kind: SessionKind
	code: string
	ipAddress: string
	now?: number
}): Promise<Result<{ token: string; expiresAt: Date; userId: string }, 'expired' | 'locked' | 'invalid-code'>> {
	const now = input.now ?? Date.now()
	const db = getDb()
	if (!input.token) return refuse('unauthenticated', 'expired', TWO_FACTOR_MESSAGES.challengeExpired)
	const id = sessionIdFromToken(input.token)
	const [challenge] = await db
		.update(twoFactorChallenges)
		.set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
		.where(
			and(
				eq(twoFactorChallenges.id, id),
				eq(twoFactorChallenges.kind, input.kind),
				gt(twoFactorChallenges.expiresAt, new Date(now)),
				sql`${twoFactorChallenges.attempts} < ${CHALLENGE_MAX_ATTEMPTS}`,
			),
		)
		.returning()
	if (!challenge) {
		await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, id))
		return refuse('unauthenticated', 'expired', TWO_FACTOR_MESSAGES.challengeExpired)
	}
	const actor = { userId: challenge.userId, organizationId: challenge.organizationId, ipAddress: input.ipAddress }
	// The account's code lock: one slot per try, taken before the code is checked (like the password's, decision 004).
	const slot = await takeCodeSlot(challenge.userId)
	if (!slot) return refuse('locked', 'locked', TWO_FACTOR_MESSAGES.locked)
	const isAccepted = await db.transaction(
		async (tx) =>
			(await acceptTotpCode(tx, challenge.userId, input.code, { isEnabled: true, now })) || (await useRecoveryCode(tx, challenge.userId, input.code)),
	)
	if (!isAccepted) {
		await recordAudit({ action: 'auth.two_factor_failed', actor })
		return refuse('invalid', 'invalid-code', TWO_FACTOR_MESSAGES.codeInvalid, 'code')
	}
	await releaseCodeSlots(challenge.userId)
	await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, id))
	await recordAudit({ action: input.kind === 'admin' ? 'auth.admin_login' : 'auth.login', actor, details: { twoFactor: true } })
	const session = await createSession({ userId: challenge.userId, kind: input.kind, organizationId: challenge.organizationId })
	return succeed({ token: session.token, expiresAt: session.expiresAt, userId: challenge.userId })
}
