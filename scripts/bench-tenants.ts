/**
 * npm run bench:tenants
 *
 * A thousand organization schemas: provisions 1,000 organizations one after
 * another (each in its own transaction, as a sign-up does; median ms per
 * provisioning, target < 200 ms), then adds one throwaway tenant migration
 * (a column and an index on documents) in a temporary copy of the migrations
 * folder, never in db/migrations, and migrates all 1,000 schemas with
 * migrateAll (target < 60 s), printing its progress. While it runs, patients
 * sign up one after another (registerPatient: password hash, user,
 * organization with its schema, membership, subscription) and their latency
 * is compared with sign-ups before the run. Prints the PostgreSQL catalog
 * (relations, its size on disk), the database size and memory (this process's
 * RSS, the PostgreSQL processes' proportional set size) after provisioning
 * and after the migration. Uses its own embedded PostgreSQL (BENCH_PG_PORT,
 * default 54369, data under the OS temp folder) and a fresh database each run.
 */
import { readdirSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { makeThrowawayTenantMigration } from '../tests/support/throwaway-tenant-migration.ts'
import { percentile, startBenchDatabase } from './bench-support.ts'

const ORGANIZATIONS = 1_000
const SIGN_UPS_BEFORE = 20
const DATABASE = 'carebook_bench_tenants'

const server = await startBenchDatabase({ name: DATABASE, port: Number(process.env.BENCH_PG_PORT ?? 54369) })
const { closeDb, getDb } = await import('#db/client.ts')
const { migrateAll } = await import('#db/migrate.ts')
const { registerPatient } = await import('#server/auth/index.ts')
const { provisionOrganization, tenantMigrationCount, useTenantMigrationsFolder } = await import('#server/tenancy/index.ts')
const clusterDir = path.join(os.tmpdir(), DATABASE, 'postgres')

const ms = (value: number) => `${value.toFixed(1)} ms`
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/** Proportional set size of the PostgreSQL server and its backends (shared buffers counted once). */
function postgresMemoryBytes() {
	const postmaster = Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0])
	const children = readdirSync(`/proc/${postmaster}/task`).flatMap((task) =>
		readFileSync(`/proc/${postmaster}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
	)
	let total = 0
	for (const pid of [postmaster, ...children]) {
		try {
			total += Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))![1]) * 1024
		} catch {
			// a backend that ended meanwhile
		}
	}
	return { bytes: total, processes: children.length + 1 }
}

async function printCatalog(label: string) {
	const [catalog] = await getDb().execute<{ relations: number; catalogBytes: number; databaseBytes: number; schemas: number }>(sql`
		select (select count(*)::int from pg_class) as relations,
			(select sum(pg_total_relation_size(c.oid))::bigint from pg_class c join pg_namespace n on n.oid = c.relnamespace
				where n.nspname = 'pg_catalog' and c.relkind in ('r', 'm', 't')) as "catalogBytes",
			pg_database_size(current_database()) as "databaseBytes",
			(select count(*)::int from pg_namespace where nspname like 'org\\_%') as schemas`)
	const postgres = postgresMemoryBytes()
	console.log(
		`${label}: ${catalog!.schemas} organization schemas, ${catalog!.relations.toLocaleString('en-US')} relations in pg_class, catalog ${mb(Number(catalog!.catalogBytes))}, database ${mb(Number(catalog!.databaseBytes))}; memory: this process RSS ${mb(process.memoryUsage().rss)}, PostgreSQL PSS ${mb(postgres.bytes)} (${postgres.processes} processes)`,
	)
}

let signUps = 0
async function timedSignUp() {
	const index = signUps++
	const started = performance.now()
	await registerPatient({ name: `Bench Patient ${index}`, email: `bench-tenants-${index}@example.test`, password: 'Correct-horse-9' })
	return performance.now() - started
}

// 1. Provisioning, one organization at a time.
const provisioning: number[] = []
const provisionStarted = performance.now()
for (let index = 0; index < ORGANIZATIONS; index++) {
	const started = performance.now()
	await getDb().transaction((tx) =>
		provisionOrganization(tx, { name: `Organization ${String(index).padStart(4, '0')}`, kind: 'organization', status: 'active' }),
	)
	provisioning.push(performance.now() - started)
	if ((index + 1) % 250 === 0) console.log(`provisioned ${index + 1}/${ORGANIZATIONS} (median so far ${ms(percentile(provisioning, 50))})`)
}
const provisionMedian = percentile(provisioning, 50)
console.log(
	`provisioning: ${ORGANIZATIONS} organizations (${tenantMigrationCount()} tenant migrations each) in ${((performance.now() - provisionStarted) / 1000).toFixed(1)} s; per provisioning median ${ms(provisionMedian)}, p95 ${ms(percentile(provisioning, 95))}, max ${ms(Math.max(...provisioning))} (target median < 200 ms): ${provisionMedian < 200 ? 'met' : 'NOT met'}`,
)
await printCatalog('after provisioning')

// 2. One new tenant migration, in a temporary folder.
const throwaway = await makeThrowawayTenantMigration(
	[
		'ALTER TABLE "documents" ADD COLUMN "bench_reviewed" boolean DEFAULT false NOT NULL',
		'CREATE INDEX "documents_bench_reviewed_idx" ON "documents" USING btree ("owner_id","bench_reviewed")',
	],
	'9999_bench_reviewed',
)
useTenantMigrationsFolder(throwaway.folder)
try {
	const before: number[] = []
	for (let index = 0; index < SIGN_UPS_BEFORE; index++) before.push(await timedSignUp())

	let isRunning = true
	let peakPostgres = 0
	const sampler = setInterval(() => (peakPostgres = Math.max(peakPostgres, postgresMemoryBytes().bytes)), 200)
	const during: number[] = []
	const signingUp = (async () => {
		while (isRunning) during.push(await timedSignUp())
	})()
	const migrationStarted = performance.now()
	const report = await migrateAll(process.env.DATABASE_URL!, {
		onProgress: (progress) => {
			if (progress.done % 200 === 0 || progress.done === progress.total)
				console.log(`  migrating: ${progress.done}/${progress.total} schemas, ${progress.failed} failed, ${(progress.elapsedMs / 1000).toFixed(1)} s`)
		},
	})
	const migrationSeconds = (performance.now() - migrationStarted) / 1000
	isRunning = false
	await signingUp
	clearInterval(sampler)
	console.log(
		`migration: ${report.tenantSchemas} schemas visited, ${report.tenantMigrationsApplied} migrations applied, ${report.failedTenantSchemas.length} failed, in ${migrationSeconds.toFixed(1)} s (target < 60 s): ${migrationSeconds < 60 && report.failedTenantSchemas.length === 0 ? 'met' : 'NOT met'}; PostgreSQL PSS peak ${mb(peakPostgres)}`,
	)
	console.log(
		`sign-ups before the migration: ${before.length}, median ${ms(percentile(before, 50))}, p95 ${ms(percentile(before, 95))}; during it: ${during.length}, median ${ms(percentile(during, 50))}, p95 ${ms(percentile(during, 95))}, max ${ms(Math.max(...during))}`,
	)
	const [check] = await getDb().execute<{ migrated: number; organizations: number }>(sql`
		select (select count(*)::int from information_schema.columns where column_name = 'bench_reviewed' and table_name = 'documents') as migrated,
			(select count(*)::int from app.organizations) as organizations`)
	const again = await migrateAll(process.env.DATABASE_URL!)
	console.log(
		`check: ${check!.migrated}/${check!.organizations} organization schemas have the new column (sign-ups during the run included); a second run visits ${again.tenantSchemas}`,
	)
	await printCatalog('after the migration')
} finally {
	useTenantMigrationsFolder()
	await throwaway.remove()
	await closeDb()
	await server.stop()
}
