import { sql } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { startOfUtcDay } from './organizations.ts'
import { documentCounters, processingByDay } from '#server/documents/index.ts'
import { tenantRefs } from './tenant-refs.ts'
import { utcDays } from './shared/analytics-range.ts'

/**
 * The analytics charts' data for the last `days` UTC days: sign-ups, active
 * users (signed in that day), documents processed and failed with their
 * processing time p50/p95, storage by organization (top 10) and the plan mix.
 */
export async function getAnalytics(days: number, now = new Date()) {
	const from = new Date(startOfUtcDay(now).getTime() - (days - 1) * 86_400_000)
	const fromIso = from.toISOString()
	const db = getDb()
	const tenants = await tenantRefs()
	const [signUps, active, processing, totals, planMix, names] = await Promise.all([
		db.execute<{ day: string; count: number }>(sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as count
			from app.users where created_at >= ${fromIso}::timestamptz group by 1`),
		db.execute<{
			day: string
			count: number
		}>(sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(distinct actor_user_id)::int as count
			from app.audit_log where action in ('auth.login', 'auth.admin_login') and created_at >= ${fromIso}::timestamptz group by 1`),
		processingByDay(tenants, from, now),
		documentCounters(from),
		db.execute<{ plan: string; count: number }>(sql`select plan, count(*)::int as count from app.subscriptions group by plan order by plan`),
		db.execute<{ id: string; name: string }>(sql`select id, name from app.organizations`),
	])
	const labels = utcDays(from, now)
	const byDay = <Row extends { day: string }>(rows: Row[], pick: (row: Row) => number | null) => {
		const map = new Map(rows.map((row) => [row.day, pick(row)]))
		return labels.map((day) => map.get(day) ?? (null as number | null))
	}
	const nameById = new Map(names.map((row) => [row.id, row.name]))
	return {
		labels,
		signUps: byDay(signUps, (row) => row.count).map((value) => value ?? 0),
		activeUsers: byDay(active, (row) => row.count).map((value) => value ?? 0),
		processed: byDay(processing, (row) => row.processed).map((value) => value ?? 0),
		failed: byDay(processing, (row) => row.failed).map((value) => value ?? 0),
		p50Ms: byDay(processing, (row) => row.p50Ms),
		p95Ms: byDay(processing, (row) => row.p95Ms),
		storageByOrganization: totals
			.filter((row) => row.bytes > 0)
			.sort((a, b) => b.bytes - a.bytes)
			.slice(0, 10)
			.map((row) => ({ name: nameById.get(row.organizationId) ?? 'Deleted organization', megabytes: Math.round((row.bytes / 1_000_000) * 10) / 10 })),
		planMix: planMix.map((row) => ({ plan: row.plan, count: row.count })),
	}
}
