import { sql } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { lastPaymentTimes, paidInvoicesBetween } from '#server/billing/index.ts'
import { toCsv } from './shared/csv.ts'

export const REPORTS = [
	{ value: 'users', label: 'Users' },
	{ value: 'organizations', label: 'Organizations' },
	{ value: 'subscriptions', label: 'Subscriptions' },
	{ value: 'revenue', label: 'Revenue' },
	{ value: 'audit', label: 'Audit log' },
] as const

export type ReportKind = (typeof REPORTS)[number]['value']

export function isReportKind(value: string): value is ReportKind {
	return REPORTS.some((report) => report.value === value)
}

/** A report's rows made in [from, to] (by the day), as CSV. Platform metadata only: no health data. */
export async function buildReport(kind: ReportKind, from: Date, to: Date) {
	const db = getDb()
	const fromIso = from.toISOString()
	const toIso = to.toISOString()
	switch (kind) {
		case 'users': {
			const rows = await db.execute<Record<string, unknown>>(sql`
				select u.id, u.name, u.email, u.role, u.status, o.name as organization, m.role as organization_role, u.created_at, u.last_login_at
				from app.users u
				left join lateral (select organization_id, role from app.memberships pm where pm.user_id = u.id order by pm.created_at limit 1) m on true
				left join app.organizations o on o.id = m.organization_id
				where u.created_at >= ${fromIso}::timestamptz and u.created_at < ${toIso}::timestamptz order by u.created_at`)
			return toCsv(
				['id', 'name', 'email', 'platform_role', 'status', 'organization', 'organization_role', 'created_at', 'last_login_at'],
				rows.map((row) => [row.id, row.name, row.email, row.role, row.status, row.organization, row.organization_role, row.created_at, row.last_login_at]),
			)
		}
		case 'organizations': {
			const rows = await db.execute<Record<string, unknown>>(sql`
				select o.id, o.name, o.kind, o.status, o.domain, o.contact_email, s.plan, (select count(*)::int from app.memberships m where m.organization_id = o.id) as users, o.created_at, o.last_active_at
				from app.organizations o left join app.subscriptions s on s.organization_id = o.id
				where o.created_at >= ${fromIso}::timestamptz and o.created_at < ${toIso}::timestamptz order by o.created_at`)
			return toCsv(
				['id', 'name', 'kind', 'status', 'domain', 'contact_email', 'plan', 'users', 'created_at', 'last_active_at'],
				rows.map((row) => [row.id, row.name, row.kind, row.status, row.domain, row.contact_email, row.plan, row.users, row.created_at, row.last_active_at]),
			)
		}
		case 'subscriptions': {
			const rows = await db.execute<Record<string, unknown> & { id: string }>(sql`
				select s.id, o.name as organization, s.plan, s.status, s.billing_cycle, s.amount_cents, s.status <> 'canceled' as auto_renew, s.payment_method, s.created_at, s.current_period_end, s.canceled_at
				from app.subscriptions s join app.organizations o on o.id = s.organization_id
				where s.created_at >= ${fromIso}::timestamptz and s.created_at < ${toIso}::timestamptz order by s.created_at`)
			const lastPayments = await lastPaymentTimes(rows.map((row) => row.id))
			return toCsv(
				[
					'id',
					'organization',
					'plan',
					'status',
					'billing_cycle',
					'amount_usd',
					'auto_renew',
					'payment_method',
					'created_at',
					'last_payment_at',
					'next_payment_at',
					'canceled_at',
				],
				rows.map((row) => [
					row.id,
					row.organization,
					row.plan,
					row.status,
					row.billing_cycle,
					(Number(row.amount_cents) / 100).toFixed(2),
					row.auto_renew,
					row.payment_method,
					row.created_at,
					lastPayments.get(row.id)?.toISOString() ?? null,
					row.current_period_end,
					row.canceled_at,
				]),
			)
		}
		case 'revenue': {
			const rows = await paidInvoicesBetween(from, to)
			return toCsv(
				['invoice_id', 'paid_at', 'organization', 'plan', 'amount_usd', 'period_start', 'period_end', 'status'],
				rows.map((row) => [
					row.id,
					row.paidAt?.toISOString() ?? null,
					row.organization,
					row.plan,
					(row.amountCents / 100).toFixed(2),
					row.periodStart.toISOString(),
					row.periodEnd.toISOString(),
					row.status,
				]),
			)
		}
		case 'audit': {
			const rows = await db.execute<Record<string, unknown>>(sql`
				select a.created_at, a.action, u.email as actor, a.organization_id, a.target_type, a.target_id, a.ip_address, a.details
				from app.audit_log a left join app.users u on u.id = a.actor_user_id
				where a.created_at >= ${fromIso}::timestamptz and a.created_at < ${toIso}::timestamptz order by a.created_at limit 100000`)
			return toCsv(
				['time', 'action', 'actor', 'organization_id', 'target_type', 'target_id', 'ip_address', 'details'],
				rows.map((row) => [
					row.created_at,
					row.action,
					row.actor,
					row.organization_id,
					row.target_type,
					row.target_id,
					row.ip_address,
					row.details ? JSON.stringify(row.details) : '',
				]),
			)
		}
	}
}
