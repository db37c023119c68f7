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

export type CheckoutRequest = {
	organizationId: string
	plan: PlanId
	customerEmail: string | null
	/** Stripe's customer already linked to the organization, if any. */
	customerId: string | null
	successUrl: string
	cancelUrl: string
}

/**
 * The parameters of a Stripe Checkout session that starts the organization's paid subscription:
 * the plan's monthly price (by lookup key), the organization and plan in the subscription's
 * metadata, which the webhook reads to link it (stripe-webhook.ts).
 */
export function checkoutSessionParams(request: CheckoutRequest, priceId: string): Stripe.Checkout.SessionCreateParams {
	const metadata = { organizationId: request.organizationId, plan: request.plan }
	return {
		mode: 'subscription',
		line_items: [{ price: priceId, quantity: 1 }],
		success_url: request.successUrl,
		cancel_url: request.cancelUrl,
		client_reference_id: request.organizationId,
		metadata,
		subscription_data: { metadata },
		...(request.customerId ? { customer: request.customerId } : request.customerEmail ? { customer_email: request.customerEmail } : {}),
	}
}

/** A Stripe Checkout session for the plan; its address, where the browser goes to pay. */
export async function createStripeCheckout(secretKey: string, request: CheckoutRequest): Promise<string> {
	const stripe = stripeClient(secretKey)
	const prices = await stripe.prices.list({ lookup_keys: [stripePriceLookupKey(request.plan)], limit: 1 })
	const price = prices.data[0]
	if (!price) throw new Error('Stripe price not found')
	const session = await stripe.checkout.sessions.create(checkoutSessionParams(request, price.id))
	if (!session.url) throw new Error('Stripe Checkout session without a URL')
	return session.url
}
