import type { PlanId } from './plans.ts'

/**
 * Prices of organizations' subscriptions (spec section 9's admin prices):
 * an organization made by an administrator pays these, a personal
 * organization the patient plans of PLANS. A subscription in trial is
 * charged nothing. Yearly prices the spec leaves out are ten months' worth,
 * like Enterprise's.
 */
export const ORGANIZATION_PRICE_CENTS: Record<PlanId, Record<'monthly' | 'yearly', number>> = {
	basic: { monthly: 9_999, yearly: 99_999 },
	professional: { monthly: 29_999, yearly: 299_999 },
	enterprise: { monthly: 99_999, yearly: 999_999 },
}

export function organizationPriceCents(plan: PlanId, billingCycle: 'monthly' | 'yearly') {
	return ORGANIZATION_PRICE_CENTS[plan][billingCycle]
}

/** What a subscription adds to monthly recurring revenue: nothing in trial or canceled, a twelfth of a yearly price. */
export function monthlyRecurringCents(subscription: { status: string; amountCents: number; billingCycle: 'monthly' | 'yearly' }) {
	if (subscription.status === 'trialing' || subscription.status === 'canceled') return 0
	return subscription.billingCycle === 'yearly' ? Math.round(subscription.amountCents / 12) : subscription.amountCents
}

/** The end of a billing period that starts at `start`. */
export function periodEnd(start: Date, billingCycle: 'monthly' | 'yearly') {
	const end = new Date(start)
	if (billingCycle === 'yearly') end.setUTCFullYear(end.getUTCFullYear() + 1)
	else end.setUTCMonth(end.getUTCMonth() + 1)
	return end
}
