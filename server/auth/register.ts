import { getDb } from '#db/client.ts'
import { memberships, subscriptions, users } from '#db/schema/platform.ts'
import { recordAudit } from '#server/audit/index.ts'
import { PLANS, TRIAL_DAYS } from '#server/billing/index.ts'
import { provisionOrganization } from '#server/tenancy/index.ts'
import { hashPassword } from './password.ts'

export class EmailTakenError extends Error {
	constructor() {
		super('email_taken')
	}
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
}) {
	const now = input.now ?? new Date()
	const passwordHash = await hashPassword(input.password)
	try {
		return await getDb().transaction(async (tx) => {
			const [user] = await tx
				.insert(users)
				.values({ name: input.name, email: input.email.toLowerCase(), passwordHash, role: 'patient' })
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
				currentPeriodEnd: trialEndsAt,
			})
			await recordAudit(
				{
					action: 'auth.register',
					actorUserId: user!.id,
					organizationId: organization.id,
					ipAddress: input.ipAddress ?? null,
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
