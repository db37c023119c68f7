import { createHash } from 'node:crypto'
import { and, count, eq, gt, sql } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { loginAttempts, memberships, organizations, users } from '#db/schema/platform.ts'
import { getEnv } from '#server/env.server.ts'
import { recordAudit } from '#server/audit/index.ts'
import { refuse, REFUSAL_STATUS, type Refusal } from '#server/errors/shared/result.ts'
import { clearAttempts, clearAttemptsByPrefix, giveBackAttempt, takeAttempt } from '#server/rate-limits/index.ts'
import { adminLoginMessage, AUTH_MESSAGES } from './shared/messages.ts'
import { dummyPasswordHash, verifyPassword } from './password.ts'
import { createSession, type SessionKind } from './sessions.ts'
import { isTwoFactorEnabled, startTwoFactorChallenge } from './two-factor.ts'

export type LoginSuccess =
	| { step: 'signed-in'; token: string; expiresAt: Date; userId: string }
	/** The password was right and the account has a second factor: the challenge's token for its cookie. */
	| { step: 'two-factor'; challengeToken: string; expiresAt: Date; userId: string }

/** 'deactivated' only for the right password of a deactivated account: only its owner learns the account's state. */
export type LoginResult = ({ ok: true } & LoginSuccess) | Refusal<'bad-credentials' | 'locked' | 'rate-limited' | 'deactivated' | 'two-factor-required'>

type LoginRefusalKind = 'unauthenticated' | 'locked' | 'rate-limited'

const LOGIN_REFUSAL_CODE = { unauthenticated: 'bad-credentials', locked: 'locked', 'rate-limited': 'rate-limited' } as const

/** A refused sign-in with the portal's text for it (spec sections 5 and 8). */
function loginRefusal(portal: SessionKind, kind: LoginRefusalKind) {
	const message =
		portal === 'admin'
			? adminLoginMessage(REFUSAL_STATUS[kind])
			: kind === 'locked'
				? AUTH_MESSAGES.accountLocked
				: kind === 'rate-limited'
					? AUTH_MESSAGES.tooManyAttempts
					: AUTH_MESSAGES.loginFailed
	return refuse(kind, LOGIN_REFUSAL_CODE[kind], message)
}

const PORTAL_ROLES: Record<SessionKind, ReadonlyArray<string>> = {
	patient: ['patient'],
	admin: ['admin', 'superadmin'],
}

/**
 * Checks credentials for one portal. Every limit is taken before any
 * password is checked, each in one atomic step, so parallel requests cannot
 * slip past them:
 * - the address: a failed attempt is recorded first (under a per-address
 *   advisory lock, counting the window's failures); too many answer 429;
 * - the account from this address: LOGIN_ACCOUNT_MAX_FAILURES guesses per
 *   (account, address) pair and LOGIN_LOCK_MINUTES, then that pair answers
 *   423 (even with the right password);
 * - the account from everywhere, slower: past LOGIN_ACCOUNT_GLOBAL_MAX_FAILURES
 *   guesses within LOGIN_ACCOUNT_GLOBAL_WINDOW_MINUTES, every address the
 *   account has not signed in from before answers 423, so a guesser spread
 *   over many addresses is held back while the owner, from the owner's usual
 *   address, still signs in.
 * The account is named by the typed address (its SHA-256), whether an
 * account has it or not: an unknown address is locked after as many guesses
 * as a real one, so the answers do not tell which exist. A right password
 * gives the slots back. The role comes from the database: an admin cannot
 * sign in at the patient portal, nor a patient at the admin portal, and both
 * get the same answer as a wrong password.
 */
export async function authenticate(input: { email: string; password: string; portal: SessionKind; ipAddress: string }): Promise<LoginResult> {
	const db = getDb()
	const email = input.email.trim().toLowerCase()
	const [user] = await db
		.select()
		.from(users)
		.where(sql`lower(${users.email}) = ${email}`)

	const attemptId = await reserveAddressAttempt(input, user?.id ?? null)
	if (!attemptId) return loginRefusal(input.portal, 'rate-limited')

	const guess = await reserveAccountGuess(email, input.ipAddress, user?.id ?? null)
	if (!guess) return loginRefusal(input.portal, 'locked')

	const isPasswordRight = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password)
	const isPortalRole = !!user && PORTAL_ROLES[input.portal].includes(user.role)
	const mayUsePortal = isPortalRole && user.status === 'active'

	if (!user || !isPasswordRight || !mayUsePortal) {
		// A wrong password keeps its slot (the attempt row stays a failure); the
		// right one at the wrong portal is no guess: the slots are given back.
		if (user && isPasswordRight) {
			await guess.giveBack()
			if (isPortalRole && user.status === 'inactive') return refuse('unauthenticated', 'deactivated', AUTH_MESSAGES.accountDeactivated)
		} else if (user && guess.hasLocked) {
			await recordAudit({ action: 'auth.account_locked', actor: { userId: user.id, ipAddress: input.ipAddress } })
		}
		return loginRefusal(input.portal, 'unauthenticated')
	}

	const [membership] = await db
		.select({ organizationId: memberships.organizationId, organizationStatus: organizations.status, requiresTwoFactor: organizations.requireTwoFactor })
		.from(memberships)
		.innerJoin(organizations, eq(organizations.id, memberships.organizationId))
		.where(eq(memberships.userId, user.id))
		.orderBy(memberships.createdAt)
		.limit(1)
	// A member of a deactivated organization is refused like a deactivated account (no guess counted).
	if (membership?.organizationStatus === 'inactive') {
		await guess.giveBack()
		return loginRefusal(input.portal, 'unauthenticated')
	}
	const hasTwoFactor = await isTwoFactorEnabled(user.id)
	// The organization requires a second factor (admin Security settings) and this member has none:
	// refused with the reason, only to whoever knows the password (no guess counted). See docs/decisions/019-admin-portal.md.
	if (membership?.requiresTwoFactor && !hasTwoFactor) {
		await guess.giveBack()
		await recordAudit({ action: 'auth.two_factor_required', actor: { userId: user.id, organizationId: membership.organizationId, ipAddress: input.ipAddress } })
		return refuse('forbidden', 'two-factor-required', AUTH_MESSAGES.twoFactorRequired)
	}
	await guess.giveBack()
	await db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, user.id))
	await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, attemptId))
	const organizationId = membership?.organizationId ?? null
	if (hasTwoFactor) {
		const challenge = await startTwoFactorChallenge({ userId: user.id, kind: input.portal, organizationId })
		return { ok: true, step: 'two-factor', challengeToken: challenge.token, expiresAt: challenge.expiresAt, userId: user.id }
	}
	await recordAudit({
		action: input.portal === 'admin' ? 'auth.admin_login' : 'auth.login',
		actor: { userId: user.id, organizationId: membership?.organizationId ?? null, ipAddress: input.ipAddress },
	})
	const session = await createSession({
		userId: user.id,
		kind: input.portal,
		organizationId: membership?.organizationId ?? null,
	})
	return { ok: true, step: 'signed-in', token: session.token, expiresAt: session.expiresAt, userId: user.id }
}

/** Advisory lock class for "one address's login attempts" (the second key is the address's hash). */
const LOGIN_ADDRESS_LOCK_CLASS = 7_301

/**
 * Records a failed attempt for the address unless the window already holds
 * LOGIN_IP_MAX_FAILURES of them; the id, or null when over the limit. The
 * per-address lock makes count-then-insert one step for parallel requests.
 */
async function reserveAddressAttempt(input: { portal: SessionKind; ipAddress: string }, userId: string | null) {
	const env = getEnv()
	return getDb().transaction(async (tx) => {
		await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(LOGIN_ADDRESS_LOCK_CLASS))}, hashtext(${input.ipAddress}))`)
		const [{ failures }] = await tx
			.select({ failures: count() })
			.from(loginAttempts)
			.where(
				and(
					eq(loginAttempts.ipAddress, input.ipAddress),
					eq(loginAttempts.succeeded, false),
					gt(loginAttempts.createdAt, sql`now() - make_interval(mins => ${env.LOGIN_IP_WINDOW_MINUTES})`),
				),
			)
		if (failures >= env.LOGIN_IP_MAX_FAILURES) return null
		const [attempt] = await tx
			.insert(loginAttempts)
			.values({ ipAddress: input.ipAddress, portal: input.portal, userId, succeeded: false })
			.returning({ id: loginAttempts.id })
		return attempt!.id
	})
}

const ACCOUNT_PAIR_BUCKET = 'login-account-address'
const ACCOUNT_GLOBAL_BUCKET = 'login-account'

function sha256(text: string) {
	return createHash('sha256').update(text).digest('hex')
}

/** The rate-limit subjects of a typed address: the account's, and the account's from one client address (digests only). */
function accountSubjects(email: string, ipAddress: string) {
	const account = sha256(email.trim().toLowerCase())
	return { account, pair: `${account}:${sha256(ipAddress)}` }
}

/** Whether the account has signed in from this address before (its owner's usual address). */
async function isUsualAddress(userId: string, ipAddress: string) {
	const [row] = await getDb()
		.select({ id: loginAttempts.id })
		.from(loginAttempts)
		.where(and(eq(loginAttempts.userId, userId), eq(loginAttempts.ipAddress, ipAddress), eq(loginAttempts.succeeded, true)))
		.limit(1)
	return !!row
}

/**
 * Takes one guess of the typed account: a slot of its (account, address)
 * pair, then, from an address it never signed in from, a slot of its slower
 * global back-off. Null when either is full (the caller answers 423 and
 * checks nothing). `hasLocked`: this guess took the pair's last slot.
 * `giveBack`: a right password returns the guess and clears the pair.
 */
async function reserveAccountGuess(email: string, ipAddress: string, userId: string | null) {
	const env = getEnv()
	const subjects = accountSubjects(email, ipAddress)
	const pairSlot = await takeAttempt({ bucket: ACCOUNT_PAIR_BUCKET, max: env.LOGIN_ACCOUNT_MAX_FAILURES, windowMinutes: env.LOGIN_LOCK_MINUTES }, subjects.pair)
	if (!pairSlot) return null
	let globalSlot: { id: string; remaining: number } | null = null
	if (!userId || !(await isUsualAddress(userId, ipAddress))) {
		globalSlot = await takeAttempt(
			{ bucket: ACCOUNT_GLOBAL_BUCKET, max: env.LOGIN_ACCOUNT_GLOBAL_MAX_FAILURES, windowMinutes: env.LOGIN_ACCOUNT_GLOBAL_WINDOW_MINUTES },
			subjects.account,
		)
		if (!globalSlot) {
			await giveBackAttempt(pairSlot.id)
			return null
		}
		// The guess that fills the back-off shows on the admin's user page as 'Locked until' (for new addresses).
		if (globalSlot.remaining === 0 && userId) {
			await getDb()
				.update(users)
				.set({ lockedUntil: sql`now() + make_interval(mins => ${env.LOGIN_ACCOUNT_GLOBAL_WINDOW_MINUTES})` })
				.where(eq(users.id, userId))
		}
	}
	return {
		hasLocked: pairSlot.remaining === 0,
		giveBack: async () => {
			await clearAttempts(ACCOUNT_PAIR_BUCKET, subjects.pair)
			if (globalSlot) await giveBackAttempt(globalSlot.id)
		},
	}
}

/**
 * Lifts every sign-in lock of an account (a password reset): its guesses
 * from every address and its global back-off are forgotten.
 */
export async function liftSignInLocks(email: string) {
	const { account } = accountSubjects(email, '')
	await clearAttemptsByPrefix(ACCOUNT_PAIR_BUCKET, `${account}:`)
	await clearAttempts(ACCOUNT_GLOBAL_BUCKET, account)
}
