import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb, getSql } from '#db/client.ts'
import { migrateAll } from '#db/migrate.ts'
import { registerPatient } from '#server/auth/index.ts'
import {
	provisionOrganization,
	tenantMigrationCount,
	tenantMigrationSetDigest,
	useTenantMigrationsFolder,
	type TenantMigrationProgress,
} from '#server/tenancy/index.ts'
import { makeThrowawayTenantMigration } from '../support/throwaway-tenant-migration.ts'
import { useTestDatabase } from './test-database.ts'

const { url } = useTestDatabase()
const ORGANIZATIONS = 12
const removals: (() => Promise<void>)[] = []
let schemaNames: string[] = []

/**
 * Points this process at the committed set plus one throwaway migration that
 * makes `table` and, in the schemas given a `marker` table here, runs `then`
 * (a PL/pgSQL statement: fail, or sleep).
 */
async function useThrowawayMigration(options: { tag: string; table: string; marker: string; then: string; markedSchemas: string[] }) {
	const migration = await makeThrowawayTenantMigration(
		[
			`CREATE TABLE "${options.table}" ("id" serial PRIMARY KEY NOT NULL, "body" text)`,
			`DO $$ BEGIN IF to_regclass('${options.marker}') IS NOT NULL THEN ${options.then}; END IF; END $$`,
		],
		options.tag,
	)
	removals.push(migration.remove)
	useTenantMigrationsFolder(migration.folder)
	for (const schemaName of options.markedSchemas) await getSql().unsafe(`create table "${schemaName}".${options.marker} (id int)`)
}

async function hasTable(schemaName: string, table: string) {
	const [row] = await getSql()`select to_regclass(${`"${schemaName}".${table}`}) is not null as present`
	return row!.present as boolean
}

beforeAll(async () => {
	// Every organization of this database, made here on the committed set.
	const made = []
	for (let index = 0; index < ORGANIZATIONS; index++) {
		made.push(await getDb().transaction((tx) => provisionOrganization(tx, { name: `Clinic ${index}`, kind: 'organization', status: 'active' })))
	}
	schemaNames = made.map((organization) => organization.schemaName)
})

afterAll(async () => {
	useTenantMigrationsFolder()
	for (const remove of removals) await remove()
})

describe('a new tenant migration over many organization schemas', () => {
	it('reports progress per batch, leaves a failing schema as it was and retries only it on the next run', async () => {
		const failing = schemaNames.slice(3, 5)
		await useThrowawayMigration({
			tag: '9998_throwaway_notes',
			table: 'throwaway_notes',
			marker: 'inject_failure',
			then: "RAISE EXCEPTION 'injected failure'",
			markedSchemas: failing,
		})

		const progress: TenantMigrationProgress[] = []
		const first = await migrateAll(url, { batchSize: 5, concurrency: 2, onProgress: (step) => progress.push(step) })
		expect(first.tenantSchemas).toBe(ORGANIZATIONS)
		expect(first.tenantMigrationsApplied).toBe(ORGANIZATIONS - failing.length)
		expect(first.failedTenantSchemas.map((failure) => failure.schemaName).sort()).toEqual([...failing].sort())
		expect(first.failedTenantSchemas.every((failure) => failure.errorCode === 'P0001')).toBe(true)
		// One report per batch of five, counting up to the whole run.
		expect(progress.map((step) => step.done)).toEqual([5, 10, 12])
		expect(progress.at(-1)).toMatchObject({ total: ORGANIZATIONS, failed: 2, migrationsApplied: ORGANIZATIONS - 2 })
		for (const schemaName of schemaNames) expect(await hasTable(schemaName, 'throwaway_notes')).toBe(!failing.includes(schemaName))

		const done = schemaNames[0]!
		const [before] = await getSql().unsafe(`select applied_at from "${done}".__migrations order by applied_at desc limit 1`)
		for (const schemaName of failing) await getSql().unsafe(`drop table "${schemaName}".inject_failure`)
		const second = await migrateAll(url, { batchSize: 5, concurrency: 2 })
		expect(second).toEqual({ tenantSchemas: 2, tenantMigrationsApplied: 2, failedTenantSchemas: [] })
		for (const schemaName of schemaNames) expect(await hasTable(schemaName, 'throwaway_notes')).toBe(true)
		const [after] = await getSql().unsafe(`select applied_at from "${done}".__migrations order by applied_at desc limit 1`)
		expect(after!.applied_at).toEqual(before!.applied_at)

		const third = await migrateAll(url)
		expect(third).toEqual({ tenantSchemas: 0, tenantMigrationsApplied: 0, failedTenantSchemas: [] })
	})

	it('lets a sign-up through while it runs and gives the new schema the whole set', async () => {
		await useThrowawayMigration({
			tag: '9999_throwaway_tags',
			table: 'throwaway_tags',
			marker: 'slow_down',
			then: 'PERFORM pg_sleep(3)',
			markedSchemas: schemaNames.slice(0, 2),
		})

		let hasFinished = false
		const run = migrateAll(url, { concurrency: 2 }).finally(() => {
			hasFinished = true
		})
		// Wait until the run is inside a slow schema's transaction (its locks held).
		const sleeping = async () =>
			(
				await getSql()`select count(*)::int as n from pg_stat_activity
					where datname = current_database() and state = 'active' and query like '%pg_sleep(3)%' and pid <> pg_backend_pid()`
			)[0]!.n as number
		await expect.poll(sleeping, { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(1)

		const started = performance.now()
		const { organization } = await registerPatient({ name: 'During Migration', email: 'during-migration@example.test', password: 'Correct-horse-9' })
		const registrationMs = performance.now() - started
		expect(hasFinished).toBe(false)
		expect(registrationMs).toBeLessThan(2_000)
		expect(await hasTable(organization.schemaName, 'throwaway_tags')).toBe(true)
		const [{ applied }] = await getSql().unsafe(`select count(*)::int as applied from "${organization.schemaName}".__migrations`)
		expect(applied).toBe(tenantMigrationCount())
		const [row] = await getSql()`select tenant_migrations_digest as digest from app.organizations where id = ${organization.id}`
		expect(row!.digest).toBe(tenantMigrationSetDigest())

		const report = await run
		expect(report.failedTenantSchemas).toEqual([])
		expect(report.tenantSchemas).toBe(ORGANIZATIONS)
		for (const schemaName of schemaNames) expect(await hasTable(schemaName, 'throwaway_tags')).toBe(true)
		expect((await migrateAll(url)).tenantSchemas).toBe(0)
	})
})
