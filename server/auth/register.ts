import { and, count, eq, gt, lt, sql } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { memberships, registrationAttempts, subscriptions, users } from '#db/schema/platform.ts'
import { recordAudit } from '#server/audit/index.ts'
import { getEnv } from '#server/env.server.ts'
import { PLANS, TRIAL_DAYS } from '#server/billing/shared/plans.ts'
import { queueEmail } from '#server/email/index.ts'
import { appOrigin } from '#server/http/app-origin.ts'
import { takeAttempt } from '#server/rate-limits/index.ts'
import { provisionOrganization } from '#server/tenancy/index.ts'
import { refuse, succeed } from '#server/errors/shared/result.ts'
import { hashPassword } from './password.ts'
import { AUTH_MESSAGES } from './shared/messages.ts'

/**
 * A sign-up with an address that has an account: the owner gets an e-mail
 * (at most one an hour) saying so, with the way to sign in or reset the
 * password; the screen says only that the account could not be made.
 */
async function tellOwnerOfSignUp(email: string, origin = appOrigin()) {
	const [owner] = await getDb()
		.select({ id: users.id, email: users.email })
		.from(users)
		.where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
	if (!owner) return
	if (!(await takeAttempt({ bucket: 'sign-up-notice', max: 1, windowMinutes: 60 }, owner.id))) return
	await queueEmail(getDb(), {
		to: owner.email,
		kind: 'account_exists',
		userId: owner.id,
		subject: 'Someone tried to create a Carebook account with your address',
		lines: [
			'Someone tried to create a new Carebook account with this e-mail address, which already has an account.',
			'If it was you, sign in instead, or reset your password from the sign-in page. If it was not, you can ignore this message.',
		],
		link: { label: 'Sign in', url: `${origin}/login` },
	})
}

/** registerPatient's (seeding, tests); signUpPatient answers it as a refusal. */
export class EmailTakenError extends Error {
	constructor() {
		super('email_taken')
	}
}

/** Too many sign-ups in the last hour, from this address or in all (429); signUpPatient answers it as a refusal. */
class RegistrationLimitError extends Error {
	constructor(readonly scope: 'address' | 'global') {
		super('registration_limited')
	}
}

/**
 * The sign-up screen's registration: first takes a slot of the hourly limits
 * (REGISTER_IP_MAX_PER_HOUR per address, REGISTER_GLOBAL_MAX_PER_HOUR in all),
 * then registers. Every sign-up that passes the form's checks takes a slot,
 * whether or not it then succeeds, so refused ones cannot probe addresses
 * or make schemas past the limit.
 */
export async function signUpPatient(input: { name: string; email: string; password: string; ipAddress: string; origin?: string }) {
	try {
		await reserveRegistration(input.ipAddress)
		return succeed(await registerPatient(input))
	} catch (error) {
		// Not 'already exists': the spec's registration failure text, and the address's owner is told by e-mail (decision 015).
		if (error instanceof EmailTakenError) {
			await tellOwnerOfSignUp(input.email, input.origin)
			return refuse('invalid', 'email-taken', AUTH_MESSAGES.registrationFailed)
		}
		// spec section 8: the screen shows its failure text for a 429; the code says which limit (for the log).
		if (error instanceof RegistrationLimitError) return refuse('rate-limited', `rate-limited-${error.scope}` as const, AUTH_MESSAGES.registrationFailed)
		throw error
	}
}

/** Advisory lock key for "the registration limits" (one lock for all: the global count is shared). */
const REGISTRATION_LOCK_KEY = 7_302

/**
 * Counts and records one sign-up in one step: under a transaction-scoped
 * advisory lock, so parallel sign-ups queue for the few milliseconds it takes
 * and exactly the limit gets through. Throws RegistrationLimitError when over.
 */
async function reserveRegistration(ipAddress: string) {
	const env = getEnv()
	await getDb().transaction(async (tx) => {
		await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(REGISTRATION_LOCK_KEY))})`)
		const hourAgo = sql`now() - interval '1 hour'`
		await tx.delete(registrationAttempts).where(lt(registrationAttempts.createdAt, hourAgo))
		const [{ total }] = await tx.select({ total: count() }).from(registrationAttempts).where(gt(registrationAttempts.createdAt, hourAgo))
		if (total >= env.REGISTER_GLOBAL_MAX_PER_HOUR) throw new RegistrationLimitError('global')
		const [{ fromAddress }] = await tx
			.select({ fromAddress: count() })
			.from(registrationAttempts)
			.where(and(eq(registrationAttempts.ipAddress, ipAddress), gt(registrationAttempts.createdAt, hourAgo)))
		if (fromAddress >= env.REGISTER_IP_MAX_PER_HOUR) throw new RegistrationLimitError('address')
		await tx.insert(registrationAttempts).values({ ipAddress })
	})
}

/**
 * A new patient: the user (role patient), a personal organization with its
 * own schema, an admin membership of it and a Basic subscription in trial,
 * all in one transaction.
 */
export async function registerPatient(input: {
	name: string
	email: string
	password: string
	ipAddress?: string
	now?: Date
	/** the address is known to be its owner's (the demo seed): no confirmation link needed */
	isEmailConfirmed?: boolean
}) {
	const now = input.now ?? new Date()
	const passwordHash = await hashPassword(input.password)
	try {
		return await getDb().transaction(async (tx) => {
			const [user] = await tx
				.insert(users)
				.values({ name: input.name, email: input.email.toLowerCase(), passwordHash, role: 'patient', emailConfirmedAt: input.isEmailConfirmed ? now : null })
				.returning({ id: users.id, email: users.email, name: users.name })
			const organization = await provisionOrganization(tx, {
				name: `${input.name} (personal)`,
				kind: 'personal',
				status: 'trial',
			})
			await tx.insert(memberships).values({ userId: user!.id, organizationId: organization.id, role: 'admin' })
			const trialEndsAt = new Date(now.getTime() + TRIAL_DAYS * 86_400_000)
			await tx.insert(subscriptions).values({
				organizationId: organization.id,
				plan: 'basic',
				status: 'trialing',
				billingCycle: 'monthly',
				amountCents: PLANS.basic.monthlyPriceCents,
				trialEndsAt,
				currentPeriodStart: now,
				currentPeriodEnd: trialEndsAt,
			})
			await recordAudit(
				{
					action: 'auth.register',
					actor: { userId: user!.id, organizationId: organization.id, ipAddress: input.ipAddress },
				},
				tx,
			)
			return { user: user!, organization }
		})
	} catch (error) {
		if (isUniqueViolation(error, 'users_email_key')) throw new EmailTakenError()
		throw error
	}
}

function isUniqueViolation(error: unknown, constraint: string) {
	let current: unknown = error
	while (current && typeof current === 'object') {
		const candidate = current as { code?: string; constraint_name?: string; cause?: unknown }
		if (candidate.code === '23505' && candidate.constraint_name === constraint) return true
		current = candidate.cause
	}
	return false
}
