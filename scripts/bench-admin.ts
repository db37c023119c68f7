/**
 * npm run bench:admin
 *
 * The admin portal at scale: 100,000 users across 1,000 organizations (each
 * with its own schema and every tenant migration, 100 members each, a
 * subscription, a few documents' metadata). Times the users list loader
 * (filtered, sorted, paginated; a real Request with an admin session cookie)
 * and the dashboard loader (its streamed figures awaited). Prints p50 / p95 /
 * max over 100 runs after 10 warm-up runs. Targets: users list p95 < 100 ms,
 * dashboard p95 < 150 ms. Uses its own embedded PostgreSQL (BENCH_PG_PORT,
 * default 54369, data under the OS temp folder) and a fresh database each run.
 */
import { sql } from 'drizzle-orm'
import { closeDb, getDb } from '#db/client.ts'
import { measureLatency, startBenchDatabase } from './bench-support.ts'

const ORGANIZATIONS = 1_000
const USERS = 100_000
const RUNS = 100
const WARM_UP = 10
const DATABASE = 'carebook_bench_admin'

const server = await startBenchDatabase({ name: DATABASE, port: Number(process.env.BENCH_PG_PORT ?? 54369) })
const { createSession, hashPassword, SESSION_COOKIE } = await import('#server/auth/index.ts')
const { provisionOrganization } = await import('#server/tenancy/index.ts')
const { users } = await import('#db/schema/platform.ts')

const started = performance.now()
const plans = ['basic', 'professional', 'enterprise'] as const
let made = 0
async function makeOrganizations(worker: number) {
	for (let index = worker; index < ORGANIZATIONS; index += 4) {
		await getDb().transaction(async (tx) => {
			const organization = await provisionOrganization(tx, {
				name: `Organization ${String(index).padStart(4, '0')}`,
				kind: 'organization',
				status: index % 7 === 0 ? 'trial' : 'active',
				domain: `org${index}.example`,
			})
			const plan = plans[index % 3]!
			await tx.execute(sql`insert into app.subscriptions (organization_id, plan, status, billing_cycle, amount_cents, current_period_end)
				values (${organization.id}, ${plan}, ${index % 11 === 0 ? 'past_due' : 'active'}, 'monthly', 9999, now() + interval '20 days')`)
			await tx.execute(sql`insert into ${sql.identifier(organization.schemaName)}.documents
				(owner_id, file_name, file_kind, mime_type, size_bytes, sha256, storage_key, category_guess, title, status, processed_at, timings)
				select gen_random_uuid(), 'f.pdf', 'pdf', 'application/pdf', 100000 * n, 'x', 'k' || n, 'other', 't', 'processed', now() - (n || ' hours')::interval, '{"totalMs": 900, "extractMs": 1, "ocrMs": 1}'
				from generate_series(1, 3) n`)
		})
		made += 1
	}
}
await Promise.all([0, 1, 2, 3].map(makeOrganizations))
await getDb().execute(sql`insert into app.users (name, email, password_hash, status, created_at, last_login_at)
	select 'User ' || md5(n::text), 'user' || n || '@bench.example', 'x',
		(case when n % 13 = 0 then 'inactive' when n % 29 = 0 then 'pending' else 'active' end)::app.user_status,
		now() - (n || ' minutes')::interval, case when n % 4 = 0 then null else now() - (n || ' seconds')::interval end
	from generate_series(1, ${USERS}) n`)
await getDb().execute(sql`insert into app.memberships (user_id, organization_id, role)
	select u.id, o.id, (case when u.rn % 20 = 0 then 'admin' when u.rn % 5 = 0 then 'manager' else 'user' end)::app.membership_role
	from (select id, row_number() over (order by email) as rn from app.users) u
	join (select id, row_number() over (order by name) - 1 as idx from app.organizations) o on o.idx = u.rn % ${ORGANIZATIONS}`)
await getDb().execute(sql`vacuum analyze`)
console.log(`seeded ${made} organizations and ${USERS.toLocaleString('en-US')} users in ${((performance.now() - started) / 1000).toFixed(1)} s`)

const [admin] = await getDb()
	.insert(users)
	.values({ name: 'Bench Admin', email: 'bench-admin@bench.example', passwordHash: await hashPassword('Correct-horse-9'), role: 'superadmin' })
	.returning({ id: users.id })
const session = await createSession({ userId: admin!.id, kind: 'admin', organizationId: null })
const cookie = `${SESSION_COOKIE.admin}=${session.token}`
const [{ id: someOrganization }] = await getDb().execute<{ id: string }>(sql`select id from app.organizations order by name offset 500 limit 1`)

const { loader: usersLoader } = await import('#app/routes/admin.users._index.tsx')
const { loader: dashboardLoader } = await import('#app/routes/admin._index.tsx')
const context = { clientIp: '127.0.0.1', requestId: 'bench' }
const call = (loader: (args: never) => Promise<unknown>, query: string) => () =>
	loader({ request: new Request(`http://localhost/admin/x${query}`, { headers: { cookie } }), params: {}, context } as never)

const cases: [string, string][] = [
	['users: default (name asc, page 1)', ''],
	['users: page 200, sorted by email desc', '?sort=email&dir=desc&page=200'],
	['users: search "user12", active, last login', '?q=user12&status=active&sort=lastLogin&dir=desc'],
	['users: role manager, by organization, page 50', '?role=manager&sort=tenantName&page=50'],
	['users: one organization, inactive', `?organization=${someOrganization}&status=inactive`],
]
const results: Record<string, number> = {}
for (const [label, query] of cases)
	results[label] = await measureLatency(label, call(usersLoader as never, query), { runs: RUNS, warmUp: WARM_UP, labelWidth: 52 })
const dashboardP95 = await measureLatency(
	'dashboard loader (figures awaited)',
	async () => {
		const answer = (await call(dashboardLoader as never, '')()) as { dashboard: Promise<unknown> }
		await answer.dashboard
	},
	{ runs: RUNS, warmUp: WARM_UP, labelWidth: 52 },
)
const worstUsers = Math.max(...Object.values(results))
console.log(`users list worst p95 ${worstUsers.toFixed(1)} ms (target < 100): ${worstUsers < 100 ? 'met' : 'NOT met'}`)
console.log(`dashboard p95 ${dashboardP95.toFixed(1)} ms (target < 150): ${dashboardP95 < 150 ? 'met' : 'NOT met'}`)
await closeDb()
await server.stop()
