import { eq } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { subscriptions } from '#db/schema/platform.ts'
import { PLANS } from './plans.ts'

/** Days left in a trial: rounded up, never below 0 (spec section 4). */
export function trialDaysRemaining(trialEndsAt: Date | null, now: Date) {
	if (!trialEndsAt) return 0
	return Math.max(0, Math.ceil((trialEndsAt.getTime() - now.getTime()) / 86_400_000))
}

export async function getOrganizationSubscription(organizationId: string, now = new Date()) {
	const [row] = await getDb().select().from(subscriptions).where(eq(subscriptions.organizationId, organizationId))
	if (!row) return null
	return {
		plan: row.plan,
		planName: PLANS[row.plan].name,
		status: row.status,
		trialDaysRemaining: row.status === 'trialing' ? trialDaysRemaining(row.trialEndsAt, now) : null,
		currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
	}
}
