import { and, asc, eq, gt, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { organizations } from '#db/schema/platform.ts'
import { describeError, logger } from '#server/logger.ts'
import { migrateTenantSchema, tenantMigrationSetDigest } from './tenant-migrations.ts'

/** Schemas read per batch; each schema still moves in a transaction of its own. */
export const TENANT_MIGRATION_BATCH = 100
/** Schemas migrated at the same time (one pooled connection each). */
export const TENANT_MIGRATION_CONCURRENCY = 4
/** Passes over the lagging schemas before giving up on ones that keep appearing (made meanwhile by an older release). */
const MAX_PASSES = 5

export type TenantMigrationProgress = {
	/** schemas visited so far in this run (migrated, failed or gone meanwhile) */
	done: number
	/** schemas behind the set when the run began (later passes may add a few) */
	total: number
	failed: number
	migrationsApplied: number
	elapsedMs: number
}

export type TenantMigrationFailure = { organizationId: string; schemaName: string; errorCode?: string }

export type TenantMigrationRun = {
	schemasVisited: number
	migrationsApplied: number
	/** left behind (their digest unchanged): the next run retries them, and only them with the schemas made behind since */
	failed: TenantMigrationFailure[]
}

/**
 * Brings every organization schema that lags behind this process's tenant
 * migration set up to it: those whose row records another set's digest, or
 * whose `__migrations` table is gone. Reads them in batches (keyset on the
 * organization id), migrates each in a transaction of its own that locks only
 * its organization row (`for no key update`: sign-ups, memberships and
 * subscriptions referencing other rows never wait) and records the new digest
 * there. A schema that fails is rolled back, logged (organization id and
 * error code) and reported; the run goes on with the others. Another pass
 * picks up schemas made meanwhile by a process with an older set. A schema
 * made by `provisionOrganization` during the run already has the whole set
 * and is not visited.
 */
export async function migrateLaggingTenantSchemas(
	db: Database,
	options: { onProgress?: (progress: TenantMigrationProgress) => void; concurrency?: number; batchSize?: number } = {},
): Promise<TenantMigrationRun> {
	const started = performance.now()
	const digest = tenantMigrationSetDigest()
	const batchSize = options.batchSize ?? TENANT_MIGRATION_BATCH
	const concurrency = options.concurrency ?? TENANT_MIGRATION_CONCURRENCY
	const isLagging = or(
		isNull(organizations.tenantMigrationsDigest),
		sql`${organizations.tenantMigrationsDigest} <> ${digest}`,
		sql`to_regclass(format('%I.__migrations', ${organizations.schemaName})) is null`,
	)!
	const [{ total }] = (await db
		.select({ total: sql<number>`count(*)::int` })
		.from(organizations)
		.where(isLagging)) as [{ total: number }]
	const progress: TenantMigrationProgress = { done: 0, total, failed: 0, migrationsApplied: 0, elapsedMs: 0 }
	const failed: TenantMigrationFailure[] = []

	for (let pass = 0; pass < MAX_PASSES; pass++) {
		let cursor: string | undefined
		let visitedThisPass = 0
		for (;;) {
			const conditions: SQL[] = [isLagging]
			if (cursor) conditions.push(gt(organizations.id, cursor))
			if (failed.length > 0)
				conditions.push(
					notInArray(
						organizations.id,
						failed.map((failure) => failure.organizationId),
					),
				)
			const batch = await db
				.select({ id: organizations.id, schemaName: organizations.schemaName })
				.from(organizations)
				.where(and(...conditions))
				.orderBy(asc(organizations.id))
				.limit(batchSize)
			if (batch.length === 0) break
			cursor = batch.at(-1)!.id
			visitedThisPass += batch.length
			if (pass > 0) progress.total += batch.length
			const queue = [...batch]
			await Promise.all(
				Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
					for (let next = queue.shift(); next; next = queue.shift()) {
						try {
							const applied = await migrateOrganizationSchema(db, next.id, digest)
							progress.migrationsApplied += applied
						} catch (error) {
							const description = describeError(error)
							failed.push({ organizationId: next.id, schemaName: next.schemaName, errorCode: description.errorCode })
							progress.failed++
							logger.error('db.tenant_migration_failed', { organizationId: next.id, ...description })
						}
						progress.done++
					}
				}),
			)
			progress.elapsedMs = Math.round(performance.now() - started)
			options.onProgress?.({ ...progress })
		}
		if (visitedThisPass === 0) break
	}
	return { schemasVisited: progress.done, migrationsApplied: progress.migrationsApplied, failed }
}

/** One schema in its own transaction; 0 when its organization was deleted meanwhile (its schema is not made again). */
async function migrateOrganizationSchema(db: Database, organizationId: string, digest: string) {
	return db.transaction(async (tx) => {
		const [row] = await tx.select({ schemaName: organizations.schemaName }).from(organizations).where(eq(organizations.id, organizationId)).for('no key update')
		if (!row) return 0
		const applied = await migrateTenantSchema(tx, row.schemaName)
		await tx.update(organizations).set({ tenantMigrationsDigest: digest }).where(eq(organizations.id, organizationId))
		return applied
	})
}
