import { billingSettings } from '#server/env.server.ts'
import { canManageSubscription, type SubscriptionActor } from './lifecycle.ts'
import { planCatalogue } from './shared/plans.ts'
import { getOrganizationSubscription, getSubscriptionUsage } from './subscription.ts'

/**
 * Everything /subscription shows: the current plan with its usage, the
 * plans on offer, whether this member may change them (the organization's
 * admin), and the sales address of 'Need More?'. Null without a subscription.
 */
export async function getSubscriptionOverview(actor: SubscriptionActor, now = new Date()) {
	const [subscription, usage, canManage] = await Promise.all([
		getOrganizationSubscription(actor.organizationId, now),
		getSubscriptionUsage(actor.organizationId),
		canManageSubscription(actor),
	])
	if (!subscription || !usage) return null
	return { subscription, usage, plans: planCatalogue(), canManage, salesEmail: billingSettings().salesEmail }
}

export type SubscriptionOverview = NonNullable<Awaited<ReturnType<typeof getSubscriptionOverview>>>
