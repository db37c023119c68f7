import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { getDb } from '#db/client.ts'
import { invoices, payments, subscriptions } from '#db/schema/platform.ts'
import { billingSettings } from '#server/env.server.ts'
import { refuse, succeed } from '#server/errors/shared/result.ts'
import { logger } from '#server/logger.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { BILLING_MESSAGES } from './shared/messages.ts'
import { isPlanId, PLANS, type PlanId } from './shared/plans.ts'
import { notifyOrganizationAdmins } from './notify.ts'
import { stripeClient } from './stripe-provider.ts'

const StripeId = z.union([z.string(), z.object({ id: z.string() }).transform((value) => value.id)])
const Metadata = z.record(z.string()).nullish()

const InvoiceObject = z.object({
	id: z.string(),
	amount_due: z.number().int(),
	amount_paid: z.number().int(),
	/** API versions since 2025-03: the subscription under parent.subscription_details. */
	parent: z.object({ subscription_details: z.object({ subscription: StripeId, metadata: Metadata }).nullish() }).nullish(),
	/** Older API versions. */
	subscription: StripeId.nullish(),
	lines: z.object({ data: z.array(z.object({ period: z.object({ start: z.number(), end: z.number() }) })) }),
})

const SubscriptionObject = z.object({
	id: z.string(),
	customer: StripeId,
	status: z.string(),
	cancel_at_period_end: z.boolean(),
	ended_at: z.number().nullish(),
	metadata: Metadata,
	current_period_start: z.number().nullish(),
	current_period_end: z.number().nullish(),
	items: z.object({
		data: z.array(
			z.object({
				current_period_start: z.number().nullish(),
				current_period_end: z.number().nullish(),
				price: z.object({ lookup_key: z.string().nullish() }).nullish(),
			}),
		),
	}),
})

const fromUnix = (seconds: number) => new Date(seconds * 1000)

function planOf(object: z.infer<typeof SubscriptionObject>): PlanId | null {
	const fromMetadata = object.metadata?.plan
	if (isPlanId(fromMetadata)) return fromMetadata
	const lookup = object.items.data[0]?.price?.lookup_key?.match(/^carebook_(\w+)_monthly$/)?.[1]
	return isPlanId(lookup) ? lookup : null
}

const STATUS_OF_STRIPE: Record<string, 'trialing' | 'active' | 'past_due' | 'canceled'> = {
	trialing: 'trialing',
	active: 'active',
	past_due: 'past_due',
	unpaid: 'past_due',
	canceled: 'canceled',
	incomplete_expired: 'canceled',
}

async function subscriptionByStripeId(stripeSubscriptionId: string) {
	const [row] = await getDb().select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, stripeSubscriptionId))
	return row ?? null
}

async function recordStripeInvoice(object: z.infer<typeof InvoiceObject>, outcome: 'paid' | 'failed', now: Date) {
	const stripeSubscriptionId = object.parent?.subscription_details?.subscription ?? object.subscription
	if (!stripeSubscriptionId) return false
	const row = await subscriptionByStripeId(stripeSubscriptionId)
	if (!row) return false
	const period = object.lines.data[0]?.period
	const periodStart = period ? fromUnix(period.start) : now
	const periodEnd = period ? fromUnix(period.end) : now
	await withTenant(row.organizationId, async (tx) => {
		const values = {
			subscriptionId: row.id,
			organizationId: row.organizationId,
			plan: row.plan,
			amountCents: outcome === 'paid' ? object.amount_paid : object.amount_due,
			status: outcome === 'paid' ? ('paid' as const) : ('open' as const),
			periodStart,
			periodEnd,
			dueAt: periodStart,
			paidAt: outcome === 'paid' ? now : null,
			provider: 'stripe' as const,
			providerInvoiceId: object.id,
		}
		const [invoice] = await tx
			.insert(invoices)
			.values(values)
			.onConflictDoUpdate({ target: invoices.providerInvoiceId, set: { status: values.status, paidAt: values.paidAt, amountCents: values.amountCents } })
			.returning({ id: invoices.id })
		if (outcome === 'paid') {
			await tx
				.insert(payments)
				.values({
					invoiceId: invoice!.id,
					organizationId: row.organizationId,
					amountCents: object.amount_paid,
					status: 'succeeded',
					method: 'credit_card',
					provider: 'stripe',
					providerPaymentId: object.id,
				})
				.onConflictDoNothing()
			await tx
				.update(subscriptions)
				.set({ status: 'active', pastDueSince: null, currentPeriodStart: periodStart, currentPeriodEnd: periodEnd, updatedAt: now })
				.where(eq(subscriptions.id, row.id))
		} else {
			await tx
				.update(subscriptions)
				.set({ status: 'past_due', pastDueSince: row.pastDueSince ?? now, updatedAt: now })
				.where(eq(subscriptions.id, row.id))
			await notifyOrganizationAdmins(tx, row.organizationId, {
				type: 'error',
				title: BILLING_MESSAGES.paymentFailedTitle,
				message: BILLING_MESSAGES.paymentFailed(PLANS[row.plan].name),
				dedupeKey: `subscription:${row.id}:payment-failed:${object.id}`,
			})
		}
	})
	return true
}

async function recordStripeSubscription(object: z.infer<typeof SubscriptionObject>, deleted: boolean, now: Date) {
	const organizationId = object.metadata?.organizationId
	let row = await subscriptionByStripeId(object.id)
	if (!row && organizationId && /^[0-9a-f-]{36}$/i.test(organizationId)) {
		// The first event of a subscription made in Stripe for an organization: link them.
		const [linked] = await getDb().select().from(subscriptions).where(eq(subscriptions.organizationId, organizationId))
		row = linked ?? null
	}
	if (!row) return false
	const item = object.items.data[0]
	const periodStart = item?.current_period_start ?? object.current_period_start
	const periodEnd = item?.current_period_end ?? object.current_period_end
	const plan = planOf(object) ?? row.plan
	const mapped = deleted ? 'canceled' : object.cancel_at_period_end ? 'canceled' : (STATUS_OF_STRIPE[object.status] ?? row.status)
	await getDb()
		.update(subscriptions)
		.set({
			provider: 'stripe',
			providerSubscriptionId: object.id,
			providerCustomerId: object.customer,
			plan,
			amountCents: PLANS[plan].monthlyPriceCents,
			status: mapped,
			canceledAt: mapped === 'canceled' ? (row.canceledAt ?? now) : null,
			pastDueSince: mapped === 'past_due' ? (row.pastDueSince ?? now) : null,
			currentPeriodStart: periodStart ? fromUnix(periodStart) : row.currentPeriodStart,
			currentPeriodEnd: deleted ? (object.ended_at ? fromUnix(object.ended_at) : now) : periodEnd ? fromUnix(periodEnd) : row.currentPeriodEnd,
			// paid through Stripe Checkout (decision 032): no trial and no built-in upgrade left waiting
			...(mapped === 'active' ? { trialEndsAt: null, pendingPlan: null, pendingInvoiceId: null } : {}),
			updatedAt: now,
		})
		.where(eq(subscriptions.id, row.id))
	return true
}

/**
 * Stripe's webhook (POST /api/webhooks/stripe): the signature is checked with
 * the official package against STRIPE_WEBHOOK_SECRET before anything is
 * read; then paid and failed invoices, and subscription changes, move the
 * subscription (the same state machine as the built-in provider). Replays
 * are harmless: invoices and payments are keyed by Stripe's ids.
 */
export async function handleStripeWebhook(rawBody: string, signature: string | null, options: { now?: Date } = {}) {
	const settings = billingSettings().stripe
	if (!settings) return refuse('not-found', 'stripe-not-configured', 'Not found.')
	if (!signature) return refuse('invalid', 'bad-signature', 'Missing signature.')
	let event: { id: string; type: string; data: { object: unknown } }
	try {
		event = stripeClient(settings.secretKey).webhooks.constructEvent(rawBody, signature, settings.webhookSecret)
	} catch {
		return refuse('invalid', 'bad-signature', 'Invalid signature.')
	}
	const now = options.now ?? new Date()
	let handled = false
	switch (event.type) {
		case 'invoice.paid':
		case 'invoice.payment_succeeded':
		case 'invoice.payment_failed': {
			const parsed = InvoiceObject.safeParse(event.data.object)
			if (parsed.success) handled = await recordStripeInvoice(parsed.data, event.type === 'invoice.payment_failed' ? 'failed' : 'paid', now)
			break
		}
		case 'customer.subscription.created':
		case 'customer.subscription.updated':
		case 'customer.subscription.deleted': {
			const parsed = SubscriptionObject.safeParse(event.data.object)
			if (parsed.success) handled = await recordStripeSubscription(parsed.data, event.type === 'customer.subscription.deleted', now)
			break
		}
	}
	logger.info('billing.stripe_webhook', { eventId: event.id, type: event.type, handled })
	return succeed({ eventId: event.id, handled })
}
