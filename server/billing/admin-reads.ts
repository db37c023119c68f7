import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { invoices, organizations, payments } from '#db/schema/platform.ts'

/**
 * Reads of the invoices and payments billing owns, for the admin portal's
 * subscription screens and reports (the admin portal never queries these
 * tables itself).
 */

/** A subscription's invoices, newest first, each with the payments taken against it. */
export async function listSubscriptionInvoices(subscriptionId: string, limit = 100) {
	const db = getDb()
	const rows = await db.select().from(invoices).where(eq(invoices.subscriptionId, subscriptionId)).orderBy(desc(invoices.createdAt)).limit(limit)
	const paid = rows.length
		? await db
				.select({
					invoiceId: payments.invoiceId,
					amountCents: payments.amountCents,
					status: payments.status,
					method: payments.method,
					provider: payments.provider,
					createdAt: payments.createdAt,
				})
				.from(payments)
				.where(
					inArray(
						payments.invoiceId,
						rows.map((row) => row.id),
					),
				)
				.orderBy(desc(payments.createdAt))
		: []
	return rows.map((invoice) => ({ ...invoice, payments: paid.filter((payment) => payment.invoiceId === invoice.id) }))
}

export type SubscriptionInvoice = Awaited<ReturnType<typeof listSubscriptionInvoices>>[number]

/** The time of each subscription's last succeeded payment ('Last payment'), by subscription id; absent when none. */
export async function lastPaymentTimes(subscriptionIds: readonly string[]) {
	if (subscriptionIds.length === 0) return new Map<string, Date>()
	const rows = await getDb()
		.select({ subscriptionId: invoices.subscriptionId, at: sql<Date>`max(${payments.createdAt})`.mapWith((value: string | Date) => new Date(value)) })
		.from(payments)
		.innerJoin(invoices, eq(invoices.id, payments.invoiceId))
		.where(and(inArray(invoices.subscriptionId, [...subscriptionIds]), eq(payments.status, 'succeeded')))
		.groupBy(invoices.subscriptionId)
	return new Map(rows.map((row) => [row.subscriptionId, row.at]))
}

/** Invoices paid in [from, to), oldest first, with the organization's name (the Revenue report). */
export function paidInvoicesBetween(from: Date, to: Date) {
	return getDb()
		.select({
			id: invoices.id,
			paidAt: invoices.paidAt,
			organization: organizations.name,
			plan: invoices.plan,
			amountCents: invoices.amountCents,
			periodStart: invoices.periodStart,
			periodEnd: invoices.periodEnd,
			status: invoices.status,
		})
		.from(invoices)
		.innerJoin(organizations, eq(organizations.id, invoices.organizationId))
		.where(and(gte(invoices.paidAt, from), lt(invoices.paidAt, to)))
		.orderBy(invoices.paidAt)
}
