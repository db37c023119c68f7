import { sql } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { monthlyRecurringCents } from '#server/billing/index.ts'
import { apiCallsOn } from './api-usage.ts'
import { listAlerts } from './alerts.ts'
import { hostLoad } from './host.ts'
import { ORGANIZATION_STATUS_SQL, startOfUtcDay } from './organizations.ts'
import { documentCounters } from '#server/documents/index.ts'
import { megabytesToGigabytes, percentOf } from './shared/format.ts'

/** The admin dashboard's figures, all from the database and this host (spec 2.15); documents' totals from the documents module's counters (current, no cache). */
export async function getDashboard(now = new Date()) {
	const db = getDb()
	const today = startOfUtcDay(now)
	const todayIso = today.toISOString()
	const [[userCounts], [organizationCounts], subscriptionRows, documents, host, apiCallsToday] = await Promise.all([
		db.execute<{ total: number; active: number; newToday: number }>(sql`select count(*)::int as total,
			count(*) filter (where status = 'active')::int as active,
			count(*) filter (where created_at >= ${todayIso}::timestamptz)::int as "newToday" from app.users`),
		db.execute<{ total: number; active: number; trial: number; inactive: number }>(
			sql`select count(*)::int as total, count(*) filter (where ${ORGANIZATION_STATUS_SQL} = 'active')::int as active,
				count(*) filter (where ${ORGANIZATION_STATUS_SQL} = 'trial')::int as trial, count(*) filter (where ${ORGANIZATION_STATUS_SQL} = 'inactive')::int as inactive
				from app.organizations o left join app.subscriptions s on s.organization_id = o.id`,
		),
		db.execute<{ plan: string; status: string; amountCents: number; billingCycle: 'monthly' | 'yearly' }>(
			sql`select plan, status, amount_cents as "amountCents", billing_cycle as "billingCycle" from app.subscriptions`,
		),
		documentCounters(today),
		hostLoad(),
		apiCallsOn(now),
	])
	const alerts = await listAlerts({ now, limit: 5, documents })
	const sum = (key: 'total' | 'processed' | 'processedToday' | 'bytes') => documents.reduce((total, row) => total + row[key], 0)
	const professional = subscriptionRows.filter((row) => row.plan === 'professional').length
	const enterprise = subscriptionRows.filter((row) => row.plan === 'enterprise').length
	return {
		users: userCounts!,
		organizations: organizationCounts!,
		revenue: {
			mrrCents: subscriptionRows.reduce((total, row) => total + monthlyRecurringCents(row), 0),
			professional,
			enterprise,
			subscriptions: subscriptionRows.length,
			conversionPercent: percentOf(enterprise, subscriptionRows.length),
		},
		documents: {
			total: sum('total'),
			processed: sum('processed'),
			processedToday: sum('processedToday'),
			storageGb: megabytesToGigabytes(sum('bytes') / 1_000_000),
		},
		system: { cpuPercent: host.cpuPercent, memoryPercent: host.memoryPercent, storagePercent: host.storagePercent, apiCallsToday },
		alerts,
	}
}
