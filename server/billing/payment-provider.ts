import { billingSettings } from '#server/env.server.ts'
import type { PlanId } from './shared/plans.ts'
import { stripeProvider } from './stripe-provider.ts'
import type { SubscriptionRow } from './subscription.ts'

export type ProviderId = 'builtin' | 'stripe'

/** An invoice just issued for a subscription period, to be collected. */
export type IssuedInvoice = {
	id: string
	subscriptionId: string
	organizationId: string
	plan: PlanId
	amountCents: number
	periodStart: Date
	periodEnd: Date
}

/** A payment taken at once, or the invoice left open (the subscription is past due until it is paid). */
export type CollectOutcome = { status: 'paid'; method: 'credit_card' | 'bank_transfer'; providerPaymentId: string | null } | { status: 'open' }

/**
 * How payments are taken (the subscription state machine in lifecycle.ts
 * decides what they mean). The built-in provider records invoices and waits
 * for an administrator's Process Payment; Stripe charges the card it holds
 * and reports the outcome through its webhook (stripe-provider.ts).
 */
export interface PaymentProvider {
	readonly id: ProviderId
	/** Collect a renewal's invoice. */
	collect(invoice: IssuedInvoice, subscription: SubscriptionRow): Promise<CollectOutcome>
	/** The organization chose another plan (effective now; the new price from the next renewal). */
	changePlan(subscription: SubscriptionRow, plan: PlanId): Promise<void>
	/** The organization canceled: no renewal at the end of the period. */
	cancelAtPeriodEnd(subscription: SubscriptionRow): Promise<void>
}

/**
 * The built-in provider: no card processor is reachable, so an invoice stays
 * open until an administrator records its payment (bank transfer, card taken
 * by phone) with Process Payment; until then the subscription is past due.
 */
export const builtinProvider: PaymentProvider = {
	id: 'builtin',
	async collect() {
		return { status: 'open' }
	},
	async changePlan() {},
	async cancelAtPeriodEnd() {},
}

/** The provider of a subscription: Stripe for the ones Stripe manages (when configured), else the built-in one. */
export function providerFor(subscription: Pick<SubscriptionRow, 'provider'>): PaymentProvider {
	const settings = billingSettings().stripe
	if (subscription.provider !== 'stripe' || !settings) return builtinProvider
	return stripeProvider(settings.secretKey)
}
