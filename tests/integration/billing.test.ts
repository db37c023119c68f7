import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getDb } from '#db/client.ts'
import { invoices, payments, subscriptions } from '#db/schema/platform.ts'
import { notifications } from '#db/schema/tenant.ts'
import {
	assertCanAddMember,
	BILLING_MESSAGES,
	cancelSubscription,
	changePlan,
	getOrganizationSubscription,
	getSubscriptionUsage,
	handleStripeWebhook,
	processPastDuePayment,
	runSubscriptionTransitions,
} from '#server/billing/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { addMember, patientWithSubscription, storedDocumentOfSize, subscriptionOf } from '#tests/support/billing-fixture.ts'
import { useTestDatabase } from './test-database.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-${randomUUID()}`)
useTestDatabase()

const DAY = 86_400_000
const start = new Date('2026-11-01T10:00:00Z')

async function titlesOf(patient: { userId: string; organizationId: string }) {
	const rows = await withTenant(patient.organizationId, (tx) => tx.select().from(notifications).where(eq(notifications.ownerId, patient.userId)))
	return rows.map((row) => row.title).sort()
}

describe('plan rules at their boundaries', () => {
	it.each([
		['basic', 1],
		['professional', 5],
		['enterprise', 20],
	] as const)('%s: a member fits up to %i users, not one more', async (plan, maxUsers) => {
		const owner = await patientWithSubscription({ plan })
		for (let count = 1; count < maxUsers; count += 1) {
			expect(await assertCanAddMember(owner.organizationId)).toMatchObject({ ok: true })
			await addMember(owner.organizationId)
		}
		const refused = await assertCanAddMember(owner.organizationId)
		expect(refused).toMatchObject({ ok: false, kind: 'too-large', code: 'member-limit' })
		expect(refused.ok ? '' : refused.message).toContain(maxUsers === 1 ? 'a single user' : `up to ${maxUsers} users`)
	})

	it('refuses a downgrade over the new storage limit with the reason, and allows it at the limit', async () => {
		const owner = await patientWithSubscription({ plan: 'professional', status: 'active' })
		const big = await storedDocumentOfSize(owner, 100_000_001)
		const refused = await changePlan(owner, 'basic')
		expect(refused).toMatchObject({ ok: false, kind: 'conflict', code: 'downgrade-storage' })
		expect(refused.ok ? '' : refused.message).toBe(BILLING_MESSAGES.downgradeStorage(100.000001, 'Basic', 100))
		expect((await subscriptionOf(owner.organizationId)).plan).toBe('professional')

		await withTenant(owner.organizationId, (tx) => tx.execute(sql`update documents set size_bytes = 100000000 where id = ${big}`))
		expect(await changePlan(owner, 'basic')).toMatchObject({ ok: true, subscription: { plan: 'basic', planName: 'Basic' } })
	})

	it('refuses a downgrade while the organization has more members than the plan allows', async () => {
		const owner = await patientWithSubscription({ plan: 'enterprise', status: 'active' })
		for (let count = 0; count < 5; count += 1) await addMember(owner.organizationId)
		const refused = await changePlan(owner, 'professional')
		expect(refused).toMatchObject({ ok: false, code: 'downgrade-members' })
		expect(refused.ok ? '' : refused.message).toBe(BILLING_MESSAGES.downgradeMembers(6, 'Professional', 5))
	})

	it("lets only the organization's admin change or cancel the plan", async () => {
		const owner = await patientWithSubscription({ plan: 'professional', status: 'active' })
		const member = await addMember(owner.organizationId, 'manager')
		expect(await changePlan(member, 'enterprise')).toMatchObject({ ok: false, kind: 'forbidden', code: 'not-admin', message: BILLING_MESSAGES.notAdmin })
		expect(await cancelSubscription(member)).toMatchObject({ ok: false, kind: 'forbidden' })
		expect((await subscriptionOf(owner.organizationId)).plan).toBe('professional')
		expect(await changePlan(owner, 'enterprise')).toMatchObject({ ok: true, subscription: { plan: 'professional', pendingPlan: 'enterprise' } })
		expect(await titlesOf(owner)).toContain(BILLING_MESSAGES.paymentPendingTitle)
	})

	it('reports usage: storage of the limit, documents processed and API calls this period', async () => {
		const owner = await patientWithSubscription({ plan: 'professional' })
		await storedDocumentOfSize(owner, 250_000_000)
		await storedDocumentOfSize(owner, 1_000_000, 'queued')
		const usage = await getSubscriptionUsage(owner.organizationId)
		expect(usage).toMatchObject({ storage: { usedMb: 251, limitMb: 1000, percentage: 25 }, documentsProcessed: 1, apiCalls: 0 })
	})
})

describe('subscription transitions on a fixed clock', () => {
	it('a trial gets its notice in its last three days, then ends past due with an open invoice (built-in provider)', async () => {
		const owner = await patientWithSubscription({}, start)
		const trialEnd = new Date(start.getTime() + 14 * DAY)
		await runSubscriptionTransitions(new Date(trialEnd.getTime() - 4 * DAY))
		expect(await titlesOf(owner)).toEqual([])
		await runSubscriptionTransitions(new Date(trialEnd.getTime() - 2 * DAY))
		await runSubscriptionTransitions(new Date(trialEnd.getTime() - 1 * DAY))
		expect(await titlesOf(owner)).toEqual([BILLING_MESSAGES.trialEndingTitle])
		expect(await getOrganizationSubscription(owner.organizationId, new Date(trialEnd.getTime() - 1))).toMatchObject({
			status: 'trialing',
			trialDaysRemaining: 1,
		})

		await runSubscriptionTransitions(trialEnd)
		await runSubscriptionTransitions(new Date(trialEnd.getTime() + 60_000)) // a second run changes nothing
		const row = await subscriptionOf(owner.organizationId)
		expect(row).toMatchObject({ status: 'past_due', currentPeriodStart: trialEnd, currentPeriodEnd: new Date('2026-12-15T10:00:00Z'), pastDueSince: trialEnd })
		const issued = await getDb().select().from(invoices).where(eq(invoices.subscriptionId, row.id))
		expect(issued).toHaveLength(1)
		expect(issued[0]).toMatchObject({ status: 'open', amountCents: 999, plan: 'basic' })
		expect(await titlesOf(owner)).toEqual([BILLING_MESSAGES.paymentFailedTitle, BILLING_MESSAGES.trialEndingTitle])
	})

	it('Process Payment makes a past-due subscription active; it renews into past due again at the period end', async () => {
		const owner = await patientWithSubscription({}, start)
		const trialEnd = new Date(start.getTime() + 14 * DAY)
		await runSubscriptionTransitions(trialEnd)
		const row = await subscriptionOf(owner.organizationId)
		const admin = await addMember(owner.organizationId)
		expect(await processPastDuePayment(row.id, admin, { now: new Date(trialEnd.getTime() + DAY) })).toMatchObject({
			ok: true,
			invoicesPaid: 1,
			amountCents: 999,
		})
		expect(await subscriptionOf(owner.organizationId)).toMatchObject({ status: 'active', pastDueSince: null })
		expect(await getDb().select().from(payments).where(eq(payments.organizationId, owner.organizationId))).toMatchObject([
			{ status: 'succeeded', amountCents: 999, provider: 'builtin', recordedBy: admin.userId },
		])
		expect(await processPastDuePayment(row.id, admin)).toMatchObject({ ok: false, code: 'not-past-due' })

		const periodEnd = new Date('2026-12-15T10:00:00Z')
		await runSubscriptionTransitions(new Date(periodEnd.getTime() - 1))
		expect((await subscriptionOf(owner.organizationId)).status).toBe('active')
		await runSubscriptionTransitions(periodEnd)
		expect(await subscriptionOf(owner.organizationId)).toMatchObject({
			status: 'past_due',
			currentPeriodStart: periodEnd,
			currentPeriodEnd: new Date('2027-01-15T10:00:00Z'),
		})
	})

	it('cancels a subscription unpaid for 14 days and voids its invoice', async () => {
		const owner = await patientWithSubscription({}, start)
		const trialEnd = new Date(start.getTime() + 14 * DAY)
		await runSubscriptionTransitions(trialEnd)
		await runSubscriptionTransitions(new Date(trialEnd.getTime() + 14 * DAY - 1))
		expect((await subscriptionOf(owner.organizationId)).status).toBe('past_due')
		await runSubscriptionTransitions(new Date(trialEnd.getTime() + 14 * DAY))
		const row = await subscriptionOf(owner.organizationId)
		expect(row.status).toBe('canceled')
		expect(await getDb().select({ status: invoices.status }).from(invoices).where(eq(invoices.subscriptionId, row.id))).toEqual([{ status: 'void' }])
	})

	it('cancel at period end: Canceled at once, the plan in force until the end date, no renewal; choosing a plan takes it back', async () => {
		const owner = await patientWithSubscription({
			plan: 'professional',
			status: 'active',
			trialEndsAt: null,
			currentPeriodStart: start,
			currentPeriodEnd: new Date('2026-12-01T10:00:00Z'),
		})
		const now = new Date('2026-11-10T10:00:00Z')
		const canceled = await cancelSubscription(owner, { now })
		expect(canceled).toMatchObject({ ok: true, effectiveUntil: '2026-12-01T10:00:00.000Z', message: BILLING_MESSAGES.canceled('December 1, 2026') })
		expect(await cancelSubscription(owner, { now })).toMatchObject({ ok: false, code: 'already-canceled' })
		expect(await getOrganizationSubscription(owner.organizationId, now)).toMatchObject({
			status: 'canceled',
			isInForce: true,
			currentPeriodEnd: '2026-12-01T10:00:00.000Z',
		})

		await runSubscriptionTransitions(new Date('2026-12-02T10:00:00Z'))
		expect(await getOrganizationSubscription(owner.organizationId, new Date('2026-12-02T10:00:00Z'))).toMatchObject({ status: 'canceled', isInForce: false })
		expect(await getDb().select().from(invoices).where(eq(invoices.organizationId, owner.organizationId))).toEqual([])

		// Back before the end: the subscription is active again on the chosen plan.
		const owner2 = await patientWithSubscription({
			plan: 'professional',
			status: 'active',
			trialEndsAt: null,
			currentPeriodEnd: new Date('2026-12-01T10:00:00Z'),
		})
		await cancelSubscription(owner2, { now })
		expect(await changePlan(owner2, 'professional', { now })).toMatchObject({
			ok: true,
			outcome: { kind: 'changed' },
			subscription: { status: 'active', plan: 'professional', canceledAt: null },
		})
	})
})

describe('upgrades: no paid plan without a payment (issue 29), and one that works without a payment provider (decision 032)', () => {
	afterEach(() => vi.unstubAllEnvs())

	it('moves the trial to the chosen plan once per organization; a second upgrade waits for its payment; the trial ends past due', async () => {
		const owner = await patientWithSubscription({}, start)
		const before = await subscriptionOf(owner.organizationId)
		const moved = await changePlan(owner, 'professional', { now: new Date(start.getTime() + DAY) })
		expect(moved).toMatchObject({ ok: true, outcome: { kind: 'trial-moved', trialEndsAt: before.trialEndsAt!.toISOString() } })
		expect(await subscriptionOf(owner.organizationId)).toMatchObject({
			plan: 'professional',
			status: 'trialing',
			trialEndsAt: before.trialEndsAt,
			amountCents: 2999,
			pendingPlan: null,
		})
		expect((await subscriptionOf(owner.organizationId)).trialPlanChangedAt).not.toBeNull()
		expect(await getDb().select().from(invoices).where(eq(invoices.organizationId, owner.organizationId))).toEqual([])

		// the one move is used: canceling and taking the trial back on a higher plan asks for a payment
		await cancelSubscription(owner, { now: new Date(start.getTime() + 2 * DAY) })
		const pending = await changePlan(owner, 'enterprise', { now: new Date(start.getTime() + 2 * DAY) })
		expect(pending).toMatchObject({ ok: true, outcome: { kind: 'payment-pending', invoice: { amountCents: 9999, plan: 'enterprise' } } })
		expect(await subscriptionOf(owner.organizationId)).toMatchObject({ plan: 'professional', status: 'canceled', pendingPlan: 'enterprise' })
		const [open] = await getDb().select().from(invoices).where(eq(invoices.organizationId, owner.organizationId))
		expect(open).toMatchObject({ status: 'open', plan: 'enterprise', amountCents: 9999 })
		expect(await getOrganizationSubscription(owner.organizationId)).toMatchObject({ pendingPlan: 'enterprise', pendingPlanName: 'Enterprise' })

		// recorded by an administrator: the upgrade takes effect and the subscription is active
		const admin = await addMember(owner.organizationId)
		const paidAt = new Date(start.getTime() + 3 * DAY)
		expect(await processPastDuePayment((await subscriptionOf(owner.organizationId)).id, admin, { now: paidAt, method: 'bank_transfer' })).toMatchObject({
			ok: true,
			invoicesPaid: 1,
			amountCents: 9999,
			upgradedTo: 'enterprise',
		})
		expect(await subscriptionOf(owner.organizationId)).toMatchObject({
			plan: 'enterprise',
			status: 'active',
			trialEndsAt: null,
			canceledAt: null,
			currentPeriodStart: paidAt,
			pendingPlan: null,
			pendingInvoiceId: null,
			paymentMethod: 'bank_transfer',
		})
		expect(
			await getDb().select({ status: payments.status, method: payments.method }).from(payments).where(eq(payments.organizationId, owner.organizationId)),
		).toEqual([{ status: 'succeeded', method: 'bank_transfer' }])
	})

	it("a trial moved to a plan ends past due with that plan's invoice open", async () => {
		const owner = await patientWithSubscription({}, start)
		await changePlan(owner, 'professional', { now: start })
		await runSubscriptionTransitions(new Date(start.getTime() + 14 * DAY))
		expect(await subscriptionOf(owner.organizationId)).toMatchObject({ plan: 'professional', status: 'past_due' })
		expect(
			await getDb()
				.select({ status: invoices.status, amountCents: invoices.amountCents })
				.from(invoices)
				.where(eq(invoices.organizationId, owner.organizationId)),
		).toEqual([{ status: 'open', amountCents: 2999 }])
	})

	it('an upgrade of a paid plan waits for its payment; a downgrade meanwhile drops it, and so does the organization', async () => {
		const owner = await patientWithSubscription({
			plan: 'basic',
			status: 'active',
			trialEndsAt: null,
			currentPeriodStart: start,
			currentPeriodEnd: new Date('2026-12-01T10:00:00Z'),
		})
		const pending = await changePlan(owner, 'enterprise', { now: start })
		expect(pending).toMatchObject({
			ok: true,
			outcome: { kind: 'payment-pending' },
			subscription: { plan: 'basic', status: 'active', pendingPlan: 'enterprise' },
		})
		// a second upgrade replaces the first: its invoice is void
		await changePlan(owner, 'professional', { now: start })
		expect(
			(await getDb().select({ plan: invoices.plan, status: invoices.status }).from(invoices).where(eq(invoices.organizationId, owner.organizationId))).sort(
				(a, b) => a.plan.localeCompare(b.plan),
			),
		).toEqual([
			{ plan: 'enterprise', status: 'void' },
			{ plan: 'professional', status: 'open' },
		])
		const { cancelPendingUpgrade } = await import('#server/billing/index.ts')
		expect(await cancelPendingUpgrade(owner)).toMatchObject({ ok: true })
		expect(await subscriptionOf(owner.organizationId)).toMatchObject({ plan: 'basic', pendingPlan: null, pendingInvoiceId: null })
		expect(await cancelPendingUpgrade(owner)).toMatchObject({ ok: false, code: 'no-pending-upgrade' })
		expect(
			await getDb()
				.select({ status: invoices.status })
				.from(invoices)
				.where(and(eq(invoices.organizationId, owner.organizationId), eq(invoices.status, 'open'))),
		).toEqual([])
	})

	it('with Stripe configured, an upgrade goes to Stripe Checkout, never to a free trial move', async () => {
		vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_carebook')
		vi.stubEnv('STRIPE_WEBHOOK_SECRET', 'whsec_carebooktestsecret')
		const owner = await patientWithSubscription()
		// no return address given: the checkout cannot start, and nothing changes
		expect(await changePlan(owner, 'professional')).toMatchObject({ ok: false, code: 'checkout-unavailable' })
		expect(await subscriptionOf(owner.organizationId)).toMatchObject({ plan: 'basic', status: 'trialing', trialPlanChangedAt: null, pendingPlan: null })
	})

	it("Process Payment on a subscription made past due by hand issues the period's invoice and pays it, so invoices, payments and status agree", async () => {
		const owner = await patientWithSubscription({
			plan: 'professional',
			status: 'past_due',
			pastDueSince: start,
			trialEndsAt: null,
			currentPeriodStart: start,
			currentPeriodEnd: new Date('2026-12-01T10:00:00Z'),
			amountCents: 2999,
		})
		const admin = await addMember(owner.organizationId)
		const row = await subscriptionOf(owner.organizationId)
		expect(await processPastDuePayment(row.id, admin, { now: new Date(start.getTime() + DAY), method: 'credit_card' })).toMatchObject({
			ok: true,
			invoicesPaid: 1,
			amountCents: 2999,
		})
		const [invoice] = await getDb().select().from(invoices).where(eq(invoices.subscriptionId, row.id))
		expect(invoice).toMatchObject({ status: 'paid', amountCents: 2999, periodStart: start })
		expect(
			await getDb().select({ invoiceId: payments.invoiceId, method: payments.method }).from(payments).where(eq(payments.organizationId, owner.organizationId)),
		).toEqual([{ invoiceId: invoice!.id, method: 'credit_card' }])
		expect(await subscriptionOf(owner.organizationId)).toMatchObject({ status: 'active', paymentMethod: 'credit_card' })
	})
})

describe('Stripe provider', () => {
	const secretKey = 'sk_test_carebook'
	const webhookSecret = 'whsec_carebooktestsecret'
	afterEach(() => vi.unstubAllEnvs())

	function signed(event: object) {
		const payload = JSON.stringify(event)
		const header = new Stripe(secretKey).webhooks.generateTestHeaderString({ payload, secret: webhookSecret })
		return { payload, header }
	}

	it('checks the signature, links the subscription, and moves it on paid and failed invoices (recorded payloads)', async () => {
		vi.stubEnv('STRIPE_SECRET_KEY', secretKey)
		vi.stubEnv('STRIPE_WEBHOOK_SECRET', webhookSecret)
		const owner = await patientWithSubscription({ plan: 'basic' })
		const periodStart = 1_796_000_000
		const periodEnd = periodStart + 30 * 86_400
		const subscriptionEvent = {
			id: 'evt_1SubUpdated',
			object: 'event',
			api_version: '2026-10-28.endive',
			type: 'customer.subscription.updated',
			data: {
				object: {
					id: 'sub_1Carebook',
					object: 'subscription',
					customer: 'cus_Carebook',
					status: 'active',
					cancel_at_period_end: false,
					ended_at: null,
					metadata: { organizationId: owner.organizationId },
					items: {
						object: 'list',
						data: [
							{
								id: 'si_1',
								current_period_start: periodStart,
								current_period_end: periodEnd,
								price: { id: 'price_1', lookup_key: 'carebook_professional_monthly' },
							},
						],
					},
				},
			},
		}
		const tampered = signed(subscriptionEvent)
		expect(await handleStripeWebhook(tampered.payload.replace('active', 'trialing'), tampered.header)).toMatchObject({ ok: false, code: 'bad-signature' })
		expect(await handleStripeWebhook(tampered.payload, null)).toMatchObject({ ok: false, code: 'bad-signature' })

		const linked = signed(subscriptionEvent)
		expect(await handleStripeWebhook(linked.payload, linked.header)).toMatchObject({ ok: true, handled: true })
		expect(await subscriptionOf(owner.organizationId)).toMatchObject({
			provider: 'stripe',
			providerSubscriptionId: 'sub_1Carebook',
			plan: 'professional',
			status: 'active',
			currentPeriodEnd: new Date(periodEnd * 1000),
		})

		const invoice = (type: string, id: string) => ({
			id: `evt_${type}_${id}`,
			object: 'event',
			type,
			data: {
				object: {
					id,
					object: 'invoice',
					amount_due: 2999,
					amount_paid: type === 'invoice.paid' ? 2999 : 0,
					parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1Carebook', metadata: {} } },
					lines: { object: 'list', data: [{ period: { start: periodEnd, end: periodEnd + 30 * 86_400 } }] },
				},
			},
		})
		const failed = signed(invoice('invoice.payment_failed', 'in_1Renewal'))
		expect(await handleStripeWebhook(failed.payload, failed.header)).toMatchObject({ ok: true, handled: true })
		expect((await subscriptionOf(owner.organizationId)).status).toBe('past_due')
		expect(await titlesOf(owner)).toContain(BILLING_MESSAGES.paymentFailedTitle)

		const paid = signed(invoice('invoice.paid', 'in_1Renewal'))
		expect(await handleStripeWebhook(paid.payload, paid.header)).toMatchObject({ ok: true, handled: true })
		expect(await handleStripeWebhook(paid.payload, paid.header)).toMatchObject({ ok: true }) // a replay records nothing twice
		expect(await subscriptionOf(owner.organizationId)).toMatchObject({
			status: 'active',
			pastDueSince: null,
			currentPeriodEnd: new Date((periodEnd + 30 * 86_400) * 1000),
		})
		const recorded = await getDb()
			.select()
			.from(payments)
			.where(and(eq(payments.organizationId, owner.organizationId), eq(payments.provider, 'stripe')))
		expect(recorded).toMatchObject([{ amountCents: 2999, providerPaymentId: 'in_1Renewal' }])

		// The scheduled job leaves Stripe's subscriptions to Stripe.
		await runSubscriptionTransitions(new Date((periodEnd + 90 * 86_400) * 1000))
		expect((await subscriptionOf(owner.organizationId)).status).toBe('active')
	})

	it('answers not found when Stripe is not configured', async () => {
		expect(await handleStripeWebhook('{}', 't=1,v1=x')).toMatchObject({ ok: false, kind: 'not-found' })
		expect((await getDb().select().from(subscriptions).limit(1)).length).toBeGreaterThanOrEqual(0)
	})
})
