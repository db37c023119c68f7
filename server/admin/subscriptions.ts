import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { auditLog, invoices, organizations, subscriptions } from '#db/schema/platform.ts'
import {
	issuePeriodInvoice,
	lastPaymentTimes,
	listOpenInvoices,
	listSubscriptionInvoices,
	monthlyRecurringCents,
	processPastDuePayment,
	subscriptionPriceCents,
	ORGANIZATION_PRICE_CENTS,
	PLANS,
	type PlanId,
} from '#server/billing/index.ts'
import { refuse, succeed } from '#server/errors/index.ts'
import type { z } from 'zod'
import { auditAdminAction, type AdminActor } from './actor.ts'
import { containsPattern, isUuid } from './users.ts'
import { ADMIN_MESSAGES } from './shared/messages.ts'
import { percentChange } from './shared/format.ts'
import { ADMIN_PAGE_SIZE } from './shared/list-state.ts'
import type { SubscriptionListState } from './shared/list-specs.ts'
import type { SubscriptionFormSchema } from './shared/schemas.ts'

export type AdminSubscriptionRow = {
	id: string
	tenantId: string
	tenantName: string
	plan: PlanId
	status: 'active' | 'past_due' | 'trialing' | 'canceled'
	amountCents: number
	billingCycle: 'monthly' | 'yearly'
	/** Whether it renews at the period's end: every status but canceled (billing's state machine has no other stop). */
	autoRenew: boolean
	paymentMethod: 'credit_card' | 'bank_transfer' | null
	/** An upgrade waiting for its payment (Process Payment records it). */
	pendingPlan: PlanId | null
	startDate: string
	lastPayment: string | null
	nextPayment: string | null
}

/** What the subscription is charged now: nothing in trial (spec section 9: 0 for trial). */
const CHARGED_AMOUNT = sql`case when s.status = 'trialing' then 0 else s.amount_cents end`

const SUBSCRIPTION_ORDER: Record<SubscriptionListState['sort'], SQL> = {
	tenantName: sql`lower(o.name)`,
	amount: CHARGED_AMOUNT,
	nextPayment: sql`case when s.status = 'canceled' then null else s.current_period_end end`,
}

export async function listSubscriptions(state: SubscriptionListState) {
	const conditions: SQL[] = []
	if (state.q) conditions.push(sql`lower(o.name) like ${containsPattern(state.q)}`)
	if (state.filters.status !== 'all') conditions.push(sql`s.status = ${state.filters.status}`)
	if (state.filters.plan !== 'all') conditions.push(sql`s.plan = ${state.filters.plan}`)
	const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``
	const direction = state.dir === 'desc' ? sql`desc` : sql`asc`
	const db = getDb()
	const [rows, [{ total }]] = await Promise.all([
		db.execute<Omit<AdminSubscriptionRow, 'lastPayment'>>(sql`
			select s.id, o.id as "tenantId", o.name as "tenantName", s.plan, s.status, ${CHARGED_AMOUNT} as "amountCents",
				s.billing_cycle as "billingCycle", s.status <> 'canceled' as "autoRenew", s.payment_method as "paymentMethod", s.pending_plan as "pendingPlan",
				s.created_at as "startDate",
				case when s.status = 'canceled' then null else s.current_period_end end as "nextPayment"
			from app.subscriptions s join app.organizations o on o.id = s.organization_id
			${where}
			order by ${SUBSCRIPTION_ORDER[state.sort]} ${direction} nulls last, s.id
			limit ${ADMIN_PAGE_SIZE} offset ${(state.page - 1) * ADMIN_PAGE_SIZE}`),
		db.execute<{ total: number }>(sql`select count(*)::int as total from app.subscriptions s join app.organizations o on o.id = s.organization_id ${where}`),
	])
	const lastPayments = await lastPaymentTimes(rows.map((row) => row.id))
	return {
		total: total!,
		rows: rows.map((row): AdminSubscriptionRow => ({
			...row,
			startDate: new Date(row.startDate).toISOString(),
			lastPayment: lastPayments.get(row.id)?.toISOString() ?? null,
			nextPayment: row.nextPayment ? new Date(row.nextPayment).toISOString() : null,
		})),
	}
}

/**
 * Monthly recurring revenue at an instant: the subscriptions that existed
 * then and were not canceled by then, at their current price (a twelfth of a
 * yearly one), trials excluded.
 */
async function recurringRevenueAt(at: Date) {
	const rows = await getDb()
		.select({ status: subscriptions.status, amountCents: subscriptions.amountCents, billingCycle: subscriptions.billingCycle })
		.from(subscriptions)
		.where(
			and(
				sql`${subscriptions.createdAt} <= ${at.toISOString()}::timestamptz`,
				sql`(${subscriptions.canceledAt} is null or ${subscriptions.canceledAt} > ${at.toISOString()}::timestamptz)`,
			),
		)
	const paying = rows.filter((row) => monthlyRecurringCents(row) > 0)
	return { mrrCents: paying.reduce((sum, row) => sum + monthlyRecurringCents(row), 0), accounts: paying.length }
}

/** MRR, ARR and ARPA now, each with its change against the end of the previous month. */
export async function getRevenueSummary(now = new Date()) {
	const previousMonthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 1)
	const [current, previous] = await Promise.all([recurringRevenueAt(now), recurringRevenueAt(previousMonthEnd)])
	const arpa = (value: { mrrCents: number; accounts: number }) => (value.accounts ? Math.round(value.mrrCents / value.accounts) : 0)
	return {
		mrrCents: current.mrrCents,
		arrCents: current.mrrCents * 12,
		arpaCents: arpa(current),
		payingAccounts: current.accounts,
		mrrChange: percentChange(current.mrrCents, previous.mrrCents),
		arrChange: percentChange(current.mrrCents * 12, previous.mrrCents * 12),
		arpaChange: percentChange(arpa(current), arpa(previous)),
	}
}

async function findSubscription(subscriptionId: string) {
	if (!isUuid(subscriptionId)) return null
	const [row] = await getDb()
		.select({ subscription: subscriptions, tenantName: organizations.name, kind: organizations.kind })
		.from(subscriptions)
		.innerJoin(organizations, eq(organizations.id, subscriptions.organizationId))
		.where(eq(subscriptions.id, subscriptionId))
	return row ?? null
}

/**
 * A subscription with billing's invoices (each with its payments), its last payment and the audit
 * trail of its changes: the invoices and payments are the one record of what was billed and paid,
 * and 'Last payment' is read from them, as on the subscriptions list.
 */
export async function getAdminSubscription(subscriptionId: string) {
	const row = await findSubscription(subscriptionId)
	if (!row) return null
	const [subscriptionInvoices, lastPayments, openInvoices, history] = await Promise.all([
		listSubscriptionInvoices(subscriptionId),
		lastPaymentTimes([subscriptionId]),
		listOpenInvoices(subscriptionId),
		getDb()
			.select({ action: auditLog.action, createdAt: auditLog.createdAt, details: auditLog.details, actorUserId: auditLog.actorUserId })
			.from(auditLog)
			.where(and(eq(auditLog.targetType, 'subscription'), eq(auditLog.targetId, subscriptionId)))
			.orderBy(desc(auditLog.createdAt))
			.limit(100),
	])
	const lastPayment = subscriptionInvoices
		.flatMap((invoice) => invoice.payments.filter((payment) => payment.status === 'succeeded'))
		.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]
	return {
		...row,
		invoices: subscriptionInvoices,
		openInvoices,
		lastPaymentAt: lastPayments.get(subscriptionId) ?? null,
		lastPayment: lastPayment ? { amountCents: lastPayment.amountCents, method: lastPayment.method, at: lastPayment.createdAt } : null,
		history,
	}
}

/**
 * Spec section 4: a past-due subscription becomes active via Process
 * Payment: billing's processPastDuePayment records every open invoice paid
 * by this administrator (audited there as subscription.payment_processed).
 * Anything but past_due is refused with the portal's texts.
 */
export async function processPayment(actor: AdminActor, subscriptionId: string, options: { now?: Date; method?: 'credit_card' | 'bank_transfer' } = {}) {
	const result = await processPastDuePayment(subscriptionId, { userId: actor.userId, ipAddress: actor.ipAddress }, options)
	if (result.ok) return succeed({ invoicesPaid: result.invoicesPaid, amountCents: result.amountCents, upgradedTo: result.upgradedTo })
	if (result.code === 'not-past-due') return refuse('conflict', 'not-past-due', ADMIN_MESSAGES.notPastDue)
	return refuse('not-found', 'subscription-missing', ADMIN_MESSAGES.subscriptionNotFound)
}

/**
 * Edit Subscription: plan, status, cycle and payment method; the price
 * follows the plan and cycle. The status keeps the fields billing's state
 * machine reads consistent: past_due starts its clock (pastDueSince), canceled
 * ends renewals at the period's end.
 */
export async function updateSubscription(actor: AdminActor, subscriptionId: string, input: z.infer<typeof SubscriptionFormSchema>, now = new Date()) {
	const row = await findSubscription(subscriptionId)
	if (!row) return refuse('not-found', 'subscription-missing', ADMIN_MESSAGES.subscriptionNotFound)
	const before = row.subscription
	await getDb().transaction(async (tx) => {
		const [updated] = await tx
			.update(subscriptions)
			.set({
				plan: input.plan,
				status: input.status,
				billingCycle: input.billingCycle,
				paymentMethod: input.paymentMethod,
				amountCents: subscriptionPriceCents(row.kind, input.plan, input.billingCycle),
				canceledAt: input.status === 'canceled' ? (before.canceledAt ?? now) : null,
				pastDueSince: input.status === 'past_due' ? (before.pastDueSince ?? now) : null,
				updatedAt: now,
			})
			.where(eq(subscriptions.id, subscriptionId))
			.returning()
		// past due means an invoice is open: the one source of what is owed (Process Payment pays it)
		if (input.status === 'past_due') {
			const [open] = await tx
				.select({ id: invoices.id })
				.from(invoices)
				.where(and(eq(invoices.subscriptionId, subscriptionId), eq(invoices.status, 'open')))
				.limit(1)
			if (!open) await issuePeriodInvoice(tx, updated!, now)
		}
		await auditAdminAction(
			actor,
			'subscription.update',
			{ type: 'subscription', id: subscriptionId },
			{
				fromPlan: before.plan,
				toPlan: input.plan,
				fromStatus: before.status,
				toStatus: input.status,
				organizationId: before.organizationId,
			},
			tx,
		)
	})
	return succeed({})
}

/** The plan catalogue: features and limits from server/billing, with patient and organization prices. */
export function getPlanCatalogue() {
	return Object.values(PLANS).map((plan) => ({
		...plan,
		features: [...plan.features],
		organizationPrices: ORGANIZATION_PRICE_CENTS[plan.id],
	}))
}
