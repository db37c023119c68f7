import Stripe from 'stripe'
import type { PaymentProvider } from './payment-provider.ts'
import type { PlanId } from './shared/plans.ts'

const clients = new Map<string, Stripe>()

/** One Stripe client per key (the official package; it retries and times out by itself). */
export function stripeClient(secretKey: string) {
	let client = clients.get(secretKey)
	if (!client) {
		client = new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 15_000, appInfo: { name: 'Carebook' } })
		clients.set(secretKey, client)
	}
	return client
}

/** The Stripe price of a plan is found by its lookup key, set when the prices are created in Stripe's dashboard. */
export function stripePriceLookupKey(plan: PlanId) {
	return `carebook_${plan}_monthly`
}

/**
 * Stripe as the payment provider: Stripe charges the card it holds on its
 * own schedule and reports paid and failed invoices, plan changes and
 * cancellations through the webhook (stripe-webhook.ts), so collecting here
 * leaves the invoice to Stripe. Plan changes and cancellations are sent to
 * Stripe's subscription.
 */
export function stripeProvider(secretKey: string): PaymentProvider {
	const stripe = stripeClient(secretKey)
	return {
		id: 'stripe',
		async collect() {
			return { status: 'open' }
		},
		async changePlan(subscription, plan) {
			if (!subscription.providerSubscriptionId) return
			const [current, prices] = await Promise.all([
				stripe.subscriptions.retrieve(subscription.providerSubscriptionId),
				stripe.prices.list({ lookup_keys: [stripePriceLookupKey(plan)], limit: 1 }),
			])
			const item = current.items.data[0]
			const price = prices.data[0]
			if (!item || !price) throw new Error('Stripe subscription item or price not found')
			await stripe.subscriptions.update(subscription.providerSubscriptionId, {
				items: [{ id: item.id, price: price.id }],
				cancel_at_period_end: false,
				proration_behavior: 'none',
				metadata: { organizationId: subscription.organizationId, plan },
			})
		},
		async cancelAtPeriodEnd(subscription) {
			if (!subscription.providerSubscriptionId) return
			await stripe.subscriptions.update(subscription.providerSubscriptionId, { cancel_at_period_end: true })
		},
	}
}
