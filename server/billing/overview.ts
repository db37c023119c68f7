import { billingSettings } from '#server/env.server.ts'
import { canManageSubscription, type SubscriptionActor } from './lifecycle.ts'
import { planCatalogue } from './shared/plans.ts'
import { getOrganizationSubscription, getSubscriptionUsage, listOpenInvoices } from './subscription.ts'

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
	const settings = billingSettings()
	return {
		subscription,
		usage,
		plans: planCatalogue(),
		canManage,
		salesEmail: settings.salesEmail,
		// the payment step of the built-in provider: the open invoices, how to pay them and whom to write to
		openInvoices: await listOpenInvoices(subscription.id),
		paymentInstructions: settings.paymentInstructions,
		hasStripe: settings.stripe !== null,
	}
}

export type SubscriptionOverview = NonNullable<Awaited<ReturnType<typeof getSubscriptionOverview>>>
