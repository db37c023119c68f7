import { PLANS, type PlanId } from './shared/plans.ts'
import { addMonths, periodMonths } from './shared/state-machine.ts'

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

/**
 * The one price of a subscription (its amount_cents, what each renewal
 * invoices): the admin prices for an organization made by an administrator,
 * the patient plans (monthly times the months of the cycle) for a personal one.
 */
export function subscriptionPriceCents(kind: 'personal' | 'organization', plan: PlanId, billingCycle: 'monthly' | 'yearly') {
	return kind === 'organization' ? organizationPriceCents(plan, billingCycle) : PLANS[plan].monthlyPriceCents * periodMonths(billingCycle)
}

/** What a subscription adds to monthly recurring revenue: nothing in trial or canceled, a twelfth of a yearly price. */
export function monthlyRecurringCents(subscription: { status: string; amountCents: number; billingCycle: 'monthly' | 'yearly' }) {
	if (subscription.status === 'trialing' || subscription.status === 'canceled') return 0
	return subscription.billingCycle === 'yearly' ? Math.round(subscription.amountCents / 12) : subscription.amountCents
}

/** The end of a billing period that starts at `start` (the state machine's months). */
export function periodEnd(start: Date, billingCycle: 'monthly' | 'yearly') {
	return addMonths(start, periodMonths(billingCycle))
}
