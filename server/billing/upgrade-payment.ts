import { and, eq, sql } from 'drizzle-orm'
import type { Transaction } from '#db/client.ts'
import { invoices, subscriptions } from '#db/schema/platform.ts'
import { periodEnd, subscriptionPriceCents } from './organization-prices.ts'
import type { PlanId } from './shared/plans.ts'
import type { SubscriptionRow } from './subscription.ts'

/**
 * An upgrade that waits for its payment (built-in provider, decision 032): the new plan's first
 * period is invoiced now and the subscription keeps its plan until that invoice is paid (an
 * administrator's Process Payment), so no paid plan is used before it is paid (issue 29).
 */

/** The organization's invoice for `plan` starting now, open; an earlier upgrade still waiting is replaced (its invoice void). */
export async function issueUpgradeInvoice(tx: Transaction, row: SubscriptionRow, plan: PlanId, kind: 'personal' | 'organization', now: Date) {
	if (row.pendingInvoiceId) {
		await tx
			.update(invoices)
			.set({ status: 'void' })
			.where(and(eq(invoices.id, row.pendingInvoiceId), eq(invoices.status, 'open')))
	}
	// built-in invoices are one per subscription and period start: an upgrade asked again in the same instant starts a millisecond later
	let invoice: typeof invoices.$inferSelect | undefined
	for (let offset = 0; !invoice; offset++) {
		const periodStart = new Date(now.getTime() + offset)
		;[invoice] = await tx
			.insert(invoices)
			.values({
				subscriptionId: row.id,
				organizationId: row.organizationId,
				plan,
				amountCents: subscriptionPriceCents(kind, plan, row.billingCycle),
				periodStart,
				periodEnd: periodEnd(periodStart, row.billingCycle),
				dueAt: now,
				provider: 'builtin',
			})
			.onConflictDoNothing({ target: [invoices.subscriptionId, invoices.periodStart], where: sql`provider = 'builtin'` })
			.returning()
	}
	await tx.update(subscriptions).set({ pendingPlan: plan, pendingInvoiceId: invoice!.id, updatedAt: now }).where(eq(subscriptions.id, row.id))
	return invoice
}

/** The upgrade's invoice was paid at `now`: the plan is in force from now, for a period, at the invoice's price. */
export async function applyPaidUpgrade(tx: Transaction, row: SubscriptionRow, now: Date) {
	if (!row.pendingPlan || !row.pendingInvoiceId) return false
	const end = periodEnd(now, row.billingCycle)
	const [invoice] = await tx.update(invoices).set({ periodStart: now, periodEnd: end }).where(eq(invoices.id, row.pendingInvoiceId)).returning()
	await tx
		.update(subscriptions)
		.set({
			plan: row.pendingPlan,
			amountCents: invoice?.amountCents ?? row.amountCents,
			status: 'active',
			currentPeriodStart: now,
			currentPeriodEnd: end,
			trialEndsAt: null,
			canceledAt: null,
			pastDueSince: null,
			pendingPlan: null,
			pendingInvoiceId: null,
			updatedAt: now,
		})
		.where(eq(subscriptions.id, row.id))
	return true
}

/** The organization dropped the waiting upgrade: its invoice is void, the plan stays. */
export async function dropPendingUpgrade(tx: Transaction, row: SubscriptionRow, now: Date) {
	if (!row.pendingInvoiceId) return false
	await tx
		.update(invoices)
		.set({ status: 'void' })
		.where(and(eq(invoices.id, row.pendingInvoiceId), eq(invoices.status, 'open')))
	await tx.update(subscriptions).set({ pendingPlan: null, pendingInvoiceId: null, updatedAt: now }).where(eq(subscriptions.id, row.id))
	return true
}
