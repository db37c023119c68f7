import { and, eq, lte, or, sql } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.ts'
import { invoices, memberships, organizations, payments, subscriptions } from '#db/schema/platform.ts'
import { recordAudit, type AuditActor } from '#server/audit/index.ts'
import { selectOrganizationDocumentUsage } from '#server/documents/store/index.ts'
import { refuse, succeed, type Refusal } from '#server/errors/shared/result.ts'
import { logger } from '#server/logger.ts'
import { withTenant, type TenantTransaction } from '#server/tenancy/index.ts'
import { formatCalendarInstant } from './shared/format.ts'
import { BILLING_MESSAGES } from './shared/messages.ts'
import { isUpgrade, PLANS, type PlanId } from './shared/plans.ts'
import { addMonths, PAST_DUE_CANCEL_DAYS, periodMonths, scheduledTransition, TRIAL_ENDING_NOTICE_DAYS } from './shared/state-machine.ts'
import { notifyOrganizationAdmins } from './notify.ts'
import { subscriptionPriceCents } from './organization-prices.ts'
import { providerFor, type IssuedInvoice } from './payment-provider.ts'
import { createStripeCheckout } from './stripe-provider.ts'
import { applyPaidUpgrade, dropPendingUpgrade, issueUpgradeInvoice } from './upgrade-payment.ts'
import { getOrganizationSubscription, type SubscriptionRow } from './subscription.ts'
import { invoiceReference } from './shared/invoice-reference.ts'
import { billingSettings } from '#server/env.server.ts'

/** Who changes the subscription: a member of the organization (the role is checked here). */
export type SubscriptionActor = { userId: string; organizationId: string; ipAddress?: string | null }

type Tx = TenantTransaction

async function lockSubscription(tx: Tx, organizationId: string) {
	const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.organizationId, organizationId)).for('update')
	return row ?? null
}

async function membershipRole(tx: Tx, actor: SubscriptionActor) {
	const [row] = await tx
		.select({ role: memberships.role })
		.from(memberships)
		.where(and(eq(memberships.userId, actor.userId), eq(memberships.organizationId, actor.organizationId)))
	return row?.role ?? null
}

/** Whether this member may change the plan or cancel: the organization's admin role only. */
export async function canManageSubscription(actor: SubscriptionActor) {
	return withTenant(actor.organizationId, async (tx) => (await membershipRole(tx, actor)) === 'admin')
}

async function organizationKind(tx: Tx, organizationId: string) {
	const [row] = await tx.select({ kind: organizations.kind }).from(organizations).where(eq(organizations.id, organizationId))
	return row?.kind ?? 'personal'
}

async function memberCount(tx: Tx, organizationId: string) {
	const [row] = await tx
		.select({ count: sql<number>`count(*)::int` })
		.from(memberships)
		.where(eq(memberships.organizationId, organizationId))
	return row?.count ?? 0
}

/**
 * Why the organization cannot move to `plan` now (its stored documents or
 * its members exceed the plan's limits), or null when it can.
 */
async function downgradeRefusal(tx: Tx, organizationId: string, plan: PlanId): Promise<Refusal<'downgrade-storage' | 'downgrade-members'> | null> {
	const target = PLANS[plan]
	const usedMb = (await selectOrganizationDocumentUsage(tx, organizationId, new Date())).storedBytes / 1_000_000
	if (usedMb > target.storageLimitMb) {
		return refuse('conflict', 'downgrade-storage', BILLING_MESSAGES.downgradeStorage(usedMb, target.name, target.storageLimitMb))
	}
	const members = await memberCount(tx, organizationId)
	if (members > target.maxUsers) {
		return refuse('conflict', 'downgrade-members', BILLING_MESSAGES.downgradeMembers(members, target.name, target.maxUsers))
	}
	return null
}

/** An invoice paid in full: marked paid, and its payment recorded (by a provider, or by the administrator who took it). */
async function recordInvoicePaid(
	tx: Transaction,
	invoice: Pick<typeof invoices.$inferSelect, 'id' | 'organizationId' | 'amountCents'>,
	payment: { method: 'credit_card' | 'bank_transfer' | null; provider: 'builtin' | 'stripe'; providerPaymentId?: string | null; recordedBy?: string },
	now: Date,
) {
	await tx.update(invoices).set({ status: 'paid', paidAt: now }).where(eq(invoices.id, invoice.id))
	await tx
		.insert(payments)
		.values({ invoiceId: invoice.id, organizationId: invoice.organizationId, amountCents: invoice.amountCents, status: 'succeeded', ...payment })
}

/** A subscription canceled: its access runs until `until`, and its open invoices are void. */
async function markCanceled(tx: Tx, subscriptionId: string, now: Date, until: Date) {
	await tx
		.update(subscriptions)
		.set({ status: 'canceled', canceledAt: now, currentPeriodEnd: until, pastDueSince: null, updatedAt: now })
		.where(eq(subscriptions.id, subscriptionId))
	await tx
		.update(invoices)
		.set({ status: 'void' })
		.where(and(eq(invoices.subscriptionId, subscriptionId), eq(invoices.status, 'open')))
}

/**
 * Issues the invoice of the period starting at `periodStart` (once: the
 * period is unique per subscription) and lets the provider collect it.
 * Returns the subscription's new state: active when paid, past_due when left open.
 */
async function renew(tx: Tx, row: SubscriptionRow, periodStart: Date, now: Date) {
	const periodEnd = addMonths(periodStart, periodMonths(row.billingCycle))
	// the subscription's price in force (set with its plan by changePlan or an administrator: subscriptionPriceCents)
	const amountCents = row.amountCents
	const [inserted] = await tx
		.insert(invoices)
		.values({
			subscriptionId: row.id,
			organizationId: row.organizationId,
			plan: row.plan,
			amountCents,
			periodStart,
			periodEnd,
			dueAt: periodStart,
			provider: row.provider,
		})
		.onConflictDoNothing({ target: [invoices.subscriptionId, invoices.periodStart], where: sql`provider = 'builtin'` })
		.returning()
	const invoice =
		inserted ??
		(
			await tx
				.select()
				.from(invoices)
				.where(and(eq(invoices.subscriptionId, row.id), eq(invoices.periodStart, periodStart)))
		)[0]!
	const issued: IssuedInvoice = { ...invoice, periodStart, periodEnd }
	const outcome = invoice.status === 'paid' ? ({ status: 'paid', method: null, providerPaymentId: null } as const) : await providerFor(row).collect(issued, row)
	if (outcome.status === 'paid' && invoice.status !== 'paid') {
		await recordInvoicePaid(tx, invoice, { method: outcome.method, provider: row.provider, providerPaymentId: outcome.providerPaymentId }, now)
	}
	const isPaid = outcome.status === 'paid'
	await tx
		.update(subscriptions)
		.set({
			status: isPaid ? 'active' : 'past_due',
			currentPeriodStart: periodStart,
			currentPeriodEnd: periodEnd,
			pastDueSince: isPaid ? null : now,
			amountCents,
			updatedAt: now,
		})
		.where(eq(subscriptions.id, row.id))
	if (!isPaid) {
		await notifyOrganizationAdmins(tx, row.organizationId, {
			type: 'error',
			title: BILLING_MESSAGES.paymentFailedTitle,
			message: BILLING_MESSAGES.paymentFailed(PLANS[row.plan].name),
			dedupeKey: `subscription:${row.id}:payment-failed:${invoice.id}`,
		})
	}
	return { status: isPaid ? ('active' as const) : ('past_due' as const), invoiceId: invoice.id }
}

/** How a plan change ended: in force now, the trial moved to the plan, or waiting for its payment (an invoice, or Stripe Checkout). */
export type PlanChangeOutcome =
	| { kind: 'changed' }
	| { kind: 'trial-moved'; trialEndsAt: string }
	| { kind: 'payment-pending'; invoice: { id: string; reference: string; amountCents: number; plan: PlanId } }
	| { kind: 'checkout'; url: string }

/** Where Stripe Checkout sends the browser back (the route builds them from the app's origin). */
export type CheckoutReturn = { successUrl: string; cancelUrl: string }

/**
 * Upgrade or downgrade (spec 2.14, 7.1 POST /subscriptions/upgrade): the
 * organization's admin only; a downgrade whose limits the organization
 * already exceeds is refused with the reason, otherwise it is in force at once
 * and its price applies from the next renewal. Choosing a plan on a canceled
 * subscription takes it back (within its period) or starts a new period
 * (after it). An upgrade is never a paid plan without a payment (issue 29,
 * decision 032):
 * - during the trial, with no payment provider configured, the first
 *   upgrade of the organization moves the trial to the new plan until the
 *   trial's end, when the new plan's first invoice is due;
 * - otherwise (a second upgrade during the trial, after it, on a paid plan)
 *   it leads to a payment: Stripe Checkout when Stripe is configured (the
 *   webhook moves the plan once paid), else an invoice of the built-in
 *   provider for the new plan, the subscription keeping its plan with the
 *   upgrade 'payment pending' until an administrator records the payment;
 * - a subscription Stripe already manages changes its plan at Stripe.
 */
export async function changePlan(
	actor: SubscriptionActor,
	plan: PlanId,
	options: { now?: Date; paymentMethod?: 'credit_card' | 'bank_transfer'; checkout?: CheckoutReturn; customerEmail?: string | null } = {},
) {
	const now = options.now ?? new Date()
	const stripe = billingSettings().stripe
	const outcome = await withTenant(actor.organizationId, async (tx) => {
		if ((await membershipRole(tx, actor)) !== 'admin') return refuse('forbidden', 'not-admin', BILLING_MESSAGES.notAdmin)
		const row = await lockSubscription(tx, actor.organizationId)
		if (!row) return refuse('not-found', 'no-subscription', BILLING_MESSAGES.noSubscription)
		if (row.plan === plan && row.status !== 'canceled') return refuse('invalid', 'same-plan', BILLING_MESSAGES.samePlan)
		const kind = await organizationKind(tx, actor.organizationId)
		const reopened = row.status === 'canceled'
		const withinPeriod = row.currentPeriodEnd !== null && row.currentPeriodEnd > now
		const isTrial = row.status === 'trialing' || (reopened && row.trialEndsAt !== null && row.trialEndsAt > now)
		const isPaidUpgrade = isUpgrade(row.plan, plan) && row.provider !== 'stripe'
		const audit = (details: Record<string, string | boolean>) =>
			recordAudit(
				{ action: 'subscription.plan_change', actor, target: { type: 'subscription', id: row.id }, details: { from: row.plan, to: plan, ...details } },
				tx,
			)
		if (!isUpgrade(row.plan, plan)) {
			const refusal = await downgradeRefusal(tx, actor.organizationId, plan)
			if (refusal) return refusal
		}

		if (isPaidUpgrade && isTrial && !stripe && row.trialPlanChangedAt === null && row.trialEndsAt) {
			// the one trial moves to the chosen plan; payment is needed when it ends
			await tx
				.update(subscriptions)
				.set({
					plan,
					amountCents: subscriptionPriceCents(kind, plan, row.billingCycle),
					status: 'trialing',
					canceledAt: null,
					trialPlanChangedAt: now,
					pendingPlan: null,
					pendingInvoiceId: null,
					updatedAt: now,
				})
				.where(eq(subscriptions.id, row.id))
			await audit({ trialMoved: true })
			await notifyOrganizationAdmins(tx, actor.organizationId, {
				type: 'info',
				title: BILLING_MESSAGES.planChangedTitle,
				message: BILLING_MESSAGES.trialMoved(PLANS[plan].name, formatCalendarInstant(row.trialEndsAt)),
			})
			return succeed({ outcome: { kind: 'trial-moved', trialEndsAt: row.trialEndsAt.toISOString() } as PlanChangeOutcome })
		}
		if (isPaidUpgrade && stripe) {
			if (!options.checkout) return refuse('invalid', 'checkout-unavailable', BILLING_MESSAGES.checkoutUnavailable)
			const checkout = options.checkout
			await audit({ checkout: true })
			return succeed({
				outcome: {
					kind: 'checkout',
					url: await createStripeCheckout(stripe.secretKey, {
						organizationId: actor.organizationId,
						plan,
						customerEmail: options.customerEmail ?? null,
						customerId: row.providerCustomerId,
						...checkout,
					}),
				} as PlanChangeOutcome,
			})
		}
		if (isPaidUpgrade) {
			const invoice = await issueUpgradeInvoice(tx, row, plan, kind, now)
			if (options.paymentMethod) await tx.update(subscriptions).set({ paymentMethod: options.paymentMethod }).where(eq(subscriptions.id, row.id))
			await audit({ paymentPending: true })
			await notifyOrganizationAdmins(tx, actor.organizationId, {
				type: 'info',
				title: BILLING_MESSAGES.paymentPendingTitle,
				message: BILLING_MESSAGES.paymentPendingNotice(PLANS[plan].name, invoiceReference(invoice.id)),
			})
			return succeed({
				outcome: {
					kind: 'payment-pending',
					invoice: { id: invoice.id, reference: invoiceReference(invoice.id), amountCents: invoice.amountCents, plan },
				} as PlanChangeOutcome,
			})
		}

		// a downgrade, a plan taken back within its period, or a subscription Stripe manages
		const [updated] = await tx
			.update(subscriptions)
			.set({
				plan,
				amountCents: subscriptionPriceCents(kind, plan, row.billingCycle),
				paymentMethod: options.paymentMethod ?? row.paymentMethod,
				...(reopened ? { status: row.trialEndsAt && row.trialEndsAt > now ? ('trialing' as const) : ('active' as const), canceledAt: null } : {}),
				pendingPlan: null,
				pendingInvoiceId: null,
				updatedAt: now,
			})
			.where(eq(subscriptions.id, row.id))
			.returning()
		if (row.pendingInvoiceId) await dropPendingUpgrade(tx, row, now)
		if (reopened && !withinPeriod) await renew(tx, updated!, now, now)
		await providerFor(row).changePlan(row, plan)
		await audit({ reopened })
		await notifyOrganizationAdmins(tx, actor.organizationId, {
			type: 'info',
			title: BILLING_MESSAGES.planChangedTitle,
			message: BILLING_MESSAGES.planChanged(PLANS[plan].name),
		})
		return succeed({ outcome: { kind: 'changed' } as PlanChangeOutcome })
	})
	if (!outcome.ok) return outcome
	const subscription = await getOrganizationSubscription(actor.organizationId, now)
	return succeed({ ...outcome, subscription: subscription! })
}

/** The organization's admin drops the upgrade waiting for its payment (its invoice is void). */
export async function cancelPendingUpgrade(actor: SubscriptionActor, options: { now?: Date } = {}) {
	const now = options.now ?? new Date()
	return withTenant(actor.organizationId, async (tx) => {
		if ((await membershipRole(tx, actor)) !== 'admin') return refuse('forbidden', 'not-admin', BILLING_MESSAGES.notAdmin)
		const row = await lockSubscription(tx, actor.organizationId)
		if (!row?.pendingInvoiceId) return refuse('conflict', 'no-pending-upgrade', BILLING_MESSAGES.noPendingUpgrade)
		await dropPendingUpgrade(tx, row, now)
		await recordAudit({ action: 'subscription.upgrade_dropped', actor, target: { type: 'subscription', id: row.id }, details: { plan: row.pendingPlan } }, tx)
		return succeed({})
	})
}

/**
 * Cancel at the period's end (spec 7.1 POST /subscriptions/cancel): the
 * status becomes canceled at once, the plan stays in force until the end of
 * the period paid for (the trial's end while trialing); open invoices are void.
 */
export async function cancelSubscription(actor: SubscriptionActor, options: { now?: Date } = {}) {
	const now = options.now ?? new Date()
	return withTenant(actor.organizationId, async (tx) => {
		if ((await membershipRole(tx, actor)) !== 'admin') return refuse('forbidden', 'not-admin', BILLING_MESSAGES.notAdmin)
		const row = await lockSubscription(tx, actor.organizationId)
		if (!row) return refuse('not-found', 'no-subscription', BILLING_MESSAGES.noSubscription)
		if (row.status === 'canceled') return refuse('conflict', 'already-canceled', BILLING_MESSAGES.alreadyCanceled)
		const effectiveUntil = row.currentPeriodEnd ?? row.trialEndsAt ?? now
		await markCanceled(tx, row.id, now, effectiveUntil)
		await providerFor(row).cancelAtPeriodEnd(row)
		await recordAudit({ action: 'subscription.cancel', actor, target: { type: 'subscription', id: row.id }, details: { plan: row.plan } }, tx)
		return succeed({
			message: BILLING_MESSAGES.canceled(formatCalendarInstant(effectiveUntil)),
			effectiveUntil: effectiveUntil.toISOString(),
		})
	})
}

/**
 * An administrator's Process Payment (spec 2.15): on a past_due subscription,
 * or one whose upgrade waits for its payment (decision 032). Every open
 * invoice is recorded paid (built-in provider, by that administrator, with
 * the method given), so the invoices, the payments, 'Last payment' and the
 * subscription's status say the same thing on every admin page: a past_due
 * subscription without an open invoice (its status set by hand) has its
 * current period invoiced first. A waiting upgrade then takes effect. Audited.
 */
export async function processPastDuePayment(subscriptionId: string, actor: AuditActor, options: { now?: Date; method?: 'credit_card' | 'bank_transfer' } = {}) {
	const now = options.now ?? new Date()
	if (!/^[0-9a-f-]{36}$/i.test(subscriptionId)) return refuse('not-found', 'no-subscription', BILLING_MESSAGES.noSubscription)
	return getDb().transaction(async (tx) => {
		const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).for('update')
		if (!row) return refuse('not-found', 'no-subscription', BILLING_MESSAGES.noSubscription)
		if (row.status !== 'past_due' && !row.pendingInvoiceId) return refuse('conflict', 'not-past-due', BILLING_MESSAGES.notPastDue)
		let open = await tx
			.select()
			.from(invoices)
			.where(and(eq(invoices.subscriptionId, row.id), eq(invoices.status, 'open')))
		if (open.length === 0 && row.status === 'past_due') {
			open = [await issuePeriodInvoice(tx, row, now)]
		}
		const method = options.method ?? row.paymentMethod ?? 'bank_transfer'
		let amountCents = 0
		for (const invoice of open) {
			await recordInvoicePaid(tx, invoice, { method, provider: 'builtin', recordedBy: actor.userId }, now)
			amountCents += invoice.amountCents
		}
		const upgraded = await applyPaidUpgrade(tx, row, now)
		if (!upgraded) {
			await tx.update(subscriptions).set({ status: 'active', pastDueSince: null, paymentMethod: method, updatedAt: now }).where(eq(subscriptions.id, row.id))
		} else {
			await tx.update(subscriptions).set({ paymentMethod: method }).where(eq(subscriptions.id, row.id))
		}
		await recordAudit(
			{
				action: 'subscription.payment_processed',
				actor: { ...actor, organizationId: row.organizationId },
				target: { type: 'subscription', id: row.id },
				details: { invoices: open.length, amountCents, method, ...(upgraded ? { toPlan: row.pendingPlan } : {}) },
			},
			tx,
		)
		return succeed({ subscriptionId: row.id, invoicesPaid: open.length, amountCents, upgradedTo: upgraded ? row.pendingPlan : null })
	})
}

/**
 * The invoice of the subscription's current period (one per period), open: for a subscription an
 * administrator made past_due by hand, so that the payment recorded for it has its invoice.
 */
export async function issuePeriodInvoice(tx: Transaction, row: SubscriptionRow, now: Date) {
	const insertFrom = (periodStart: Date) =>
		tx
			.insert(invoices)
			.values({
				subscriptionId: row.id,
				organizationId: row.organizationId,
				plan: row.plan,
				amountCents: row.amountCents,
				periodStart,
				periodEnd: row.currentPeriodEnd && row.currentPeriodEnd > periodStart ? row.currentPeriodEnd : addMonths(periodStart, periodMonths(row.billingCycle)),
				dueAt: now,
				provider: 'builtin',
			})
			.onConflictDoNothing({ target: [invoices.subscriptionId, invoices.periodStart], where: sql`provider = 'builtin'` })
			.returning()
	// the period's own invoice; when it exists already (paid, or void), one from now
	const [inserted] = row.currentPeriodStart ? await insertFrom(row.currentPeriodStart) : []
	return inserted ?? (await insertFrom(now))[0]!
}

/**
 * The scheduled transitions (the `billing_transitions` cron task): trials
 * that ended and periods that ended renew, subscriptions unpaid for
 * PAST_DUE_CANCEL_DAYS are canceled, trials in their last days get their
 * notice. Only subscriptions of the built-in provider: Stripe's are moved by
 * its webhook. Each subscription in its own transaction, locked and checked
 * again, so a second run (or a second worker) does nothing twice.
 */
export async function runSubscriptionTransitions(now = new Date()) {
	const noticeHorizon = new Date(now.getTime() + TRIAL_ENDING_NOTICE_DAYS * 86_400_000)
	const due = await getDb()
		.select({ id: subscriptions.id, organizationId: subscriptions.organizationId })
		.from(subscriptions)
		.where(
			and(
				eq(subscriptions.provider, 'builtin'),
				or(
					and(eq(subscriptions.status, 'trialing'), lte(subscriptions.trialEndsAt, noticeHorizon)),
					and(eq(subscriptions.status, 'active'), lte(subscriptions.currentPeriodEnd, now)),
					and(eq(subscriptions.status, 'past_due'), lte(subscriptions.pastDueSince, new Date(now.getTime() - PAST_DUE_CANCEL_DAYS * 86_400_000))),
				),
			),
		)
	const counts = { renewed: 0, pastDue: 0, canceled: 0, trialNotices: 0 }
	for (const { organizationId } of due) {
		try {
			await withTenant(organizationId, async (tx) => {
				const row = await lockSubscription(tx, organizationId)
				if (!row) return
				const transition = scheduledTransition(row, now)
				if (transition === 'renew') {
					const periodStart = (row.status === 'trialing' ? row.trialEndsAt : row.currentPeriodEnd) ?? now
					const renewed = await renew(tx, row, periodStart, now)
					if (renewed.status === 'active') counts.renewed += 1
					else counts.pastDue += 1
				} else if (transition === 'cancel-unpaid') {
					await markCanceled(tx, row.id, now, now)
					await notifyOrganizationAdmins(tx, organizationId, {
						type: 'warning',
						title: BILLING_MESSAGES.subscriptionEndedTitle,
						message: BILLING_MESSAGES.subscriptionEnded,
						dedupeKey: `subscription:${row.id}:canceled-unpaid:${row.pastDueSince?.toISOString()}`,
					})
					counts.canceled += 1
				} else if (transition === 'trial-ending-notice' && row.trialEndsAt) {
					const days = Math.max(1, Math.ceil((row.trialEndsAt.getTime() - now.getTime()) / 86_400_000))
					await notifyOrganizationAdmins(tx, organizationId, {
						type: 'warning',
						title: BILLING_MESSAGES.trialEndingTitle,
						message: BILLING_MESSAGES.trialEnding(days),
						dedupeKey: `subscription:${row.id}:trial-ending:${row.trialEndsAt.toISOString()}`,
					})
					counts.trialNotices += 1
				}
			})
		} catch (error) {
			// One organization's failure (a dropped schema) does not stop the others; the next run tries again.
			logger.error('billing.transition_failed', { organizationId, code: (error as { code?: string }).code ?? null })
		}
	}
	return counts
}

/** Subscriptions with these ids (admin portal helpers). */
