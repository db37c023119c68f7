import { eq, sql } from 'drizzle-orm'
import { getDb, type Executor } from '#db/client.ts'
import { memberships, subscriptions } from '#db/schema/platform.ts'
import { refuse, succeed } from '#server/errors/shared/result.ts'
import { BILLING_MESSAGES } from './shared/messages.ts'
import { PLANS } from './shared/plans.ts'

/**
 * Whether one more member fits the organization's plan (maxUsers 1 / 5 / 20).
 * Given a transaction, the subscription row is locked for its remainder, so
 * two members added at once cannot both take the last seat: call it in the
 * transaction that inserts the membership.
 */
export async function assertCanAddMember(organizationId: string, executor: Executor = getDb()) {
	const [row] = await executor.select({ plan: subscriptions.plan }).from(subscriptions).where(eq(subscriptions.organizationId, organizationId)).for('update')
	if (!row) return refuse('not-found', 'no-subscription', BILLING_MESSAGES.noSubscription)
	const [counted] = await executor
		.select({ count: sql<number>`count(*)::int` })
		.from(memberships)
		.where(eq(memberships.organizationId, organizationId))
	const plan = PLANS[row.plan]
	const members = counted?.count ?? 0
	if (members >= plan.maxUsers) return refuse('too-large', 'member-limit', BILLING_MESSAGES.memberLimit(plan.name, plan.maxUsers))
	return succeed({ members, maxUsers: plan.maxUsers })
}
