import { and, asc, eq, gte, sql } from 'drizzle-orm'
import { getDb, type Executor } from '#db/client.ts'
import { apiUsage, invoices, subscriptions } from '#db/schema/platform.ts'
import { selectOrganizationDocumentUsage } from '#server/documents/store/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { invoiceReference } from './shared/invoice-reference.ts'
import { PLANS } from './shared/plans.ts'
import { usagePercent } from './shared/usage-format.ts'

export type SubscriptionRow = typeof subscriptions.$inferSelect

/** Days left in a trial: rounded up, never below 0 (spec section 4). */
export function trialDaysRemaining(trialEndsAt: Date | null, now: Date) {
	if (!trialEndsAt) return 0
	return Math.max(0, Math.ceil((trialEndsAt.getTime() - now.getTime()) / 86_400_000))
}

/** A canceled subscription keeps its plan until the end of the period it paid for; then nothing is in force. */
export function isInForce(row: Pick<SubscriptionRow, 'status' | 'currentPeriodEnd'>, now: Date) {
	return row.status !== 'canceled' || (row.currentPeriodEnd !== null && row.currentPeriodEnd > now)
}

/** The subscription as the screens, the REST API and the admin portal read it (spec section 3). */
export function subscriptionView(row: SubscriptionRow, now: Date) {
	const plan = PLANS[row.plan]
	return {
		id: row.id,
		organizationId: row.organizationId,
		plan: row.plan,
		planName: plan.name,
		status: row.status,
		amountCents: row.amountCents,
		billingCycle: row.billingCycle,
		paymentMethod: row.paymentMethod,
		provider: row.provider,
		startDate: row.createdAt.toISOString(),
		currentPeriodStart: row.currentPeriodStart?.toISOString() ?? null,
		/** The end of the period in force: renewal, trial end, or where a canceled subscription's access stops. */
		currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
		trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
		trialDaysRemaining: row.status === 'trialing' ? trialDaysRemaining(row.trialEndsAt, now) : null,
		canceledAt: row.canceledAt?.toISOString() ?? null,
		pastDueSince: row.pastDueSince?.toISOString() ?? null,
		/** Set once the trial was moved to another plan (decision 032): the organization's one such move is used. */
		trialPlanChangedAt: row.trialPlanChangedAt?.toISOString() ?? null,
		/** An upgrade waiting for its invoice to be paid ('payment pending'), or null. */
		pendingPlan: row.pendingPlan,
		pendingPlanName: row.pendingPlan ? PLANS[row.pendingPlan].name : null,
		pendingInvoiceId: row.pendingInvoiceId,
		isInForce: isInForce(row, now),
		features: { apiAccess: plan.apiAccess, ocrPriority: plan.ocrPriority, maxUsers: plan.maxUsers },
	}
}

export type SubscriptionView = ReturnType<typeof subscriptionView>

export async function findSubscriptionRow(organizationId: string, executor: Executor = getDb()) {
	const [row] = await executor.select().from(subscriptions).where(eq(subscriptions.organizationId, organizationId))
	return row ?? null
}

/** The organization's subscription, or null when it has none. */
export async function getOrganizationSubscription(organizationId: string, now = new Date()) {
	const row = await findSubscriptionRow(organizationId)
	return row ? subscriptionView(row, now) : null
}

/** The UTC day a timestamp falls on ('YYYY-MM-DD'), the key of the API usage rows. */
export function utcDay(instant: Date) {
	return instant.toISOString().slice(0, 10)
}

/**
 * Usage for the current-plan card and GET /subscriptions/usage: storage used
 * of the plan's limit (MB and percent), documents processed and API calls
 * since the current period started.
 */
export async function getSubscriptionUsage(organizationId: string) {
	const row = await findSubscriptionRow(organizationId)
	if (!row) return null
	const periodStart = row.currentPeriodStart ?? row.createdAt
	const { storedBytes: usedBytes, processedSince: processed } = await withTenant(organizationId, (tx) =>
		selectOrganizationDocumentUsage(tx, organizationId, periodStart),
	)
	const [calls] = await getDb()
		.select({ calls: sql<string>`coalesce(sum(${apiUsage.calls}), 0)::bigint` })
		.from(apiUsage)
		.where(and(eq(apiUsage.organizationId, organizationId), gte(apiUsage.day, utcDay(periodStart))))
	const limitMb = PLANS[row.plan].storageLimitMb
	const usedMb = usedBytes / 1_000_000
	return {
		periodStart: periodStart.toISOString(),
		periodEnd: row.currentPeriodEnd?.toISOString() ?? null,
		storage: { usedMb: Math.round(usedMb * 10) / 10, limitMb, percentage: usagePercent(usedMb, limitMb) },
		documentsProcessed: processed,
		apiCalls: Number(calls?.calls ?? 0),
	}
}

export type SubscriptionUsage = NonNullable<Awaited<ReturnType<typeof getSubscriptionUsage>>>

/** A subscription's open invoices, oldest first, each with the number people quote ('INV-1A2B3C4D'). */
export async function listOpenInvoices(subscriptionId: string) {
	const rows = await getDb()
		.select({ id: invoices.id, plan: invoices.plan, amountCents: invoices.amountCents, dueAt: invoices.dueAt, periodStart: invoices.periodStart })
		.from(invoices)
		.where(and(eq(invoices.subscriptionId, subscriptionId), eq(invoices.status, 'open')))
		.orderBy(asc(invoices.dueAt))
	return rows.map((row) => ({
		...row,
		reference: invoiceReference(row.id),
		planName: PLANS[row.plan].name,
		dueAt: row.dueAt.toISOString(),
		periodStart: row.periodStart.toISOString(),
	}))
}

export type OpenInvoice = Awaited<ReturnType<typeof listOpenInvoices>>[number]
