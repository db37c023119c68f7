import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { migrate } from 'drizzle-orm/postgres-js/migrator'
import { Logger, runMigrations } from 'graphile-worker'
import { connect } from './client.ts'
import { organizations } from './schema/platform.ts'
import { workerLogFields } from '#server/jobs/worker-log.ts'
import { logger } from '#server/logger.ts'
import { migrateTenantSchema } from '#server/tenancy/tenant-migrations.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const TENANT_CONCURRENCY = 4
const MIGRATION_LOCK = 727_001

export type MigrationReport = { tenantSchemas: number; tenantMigrationsApplied: number }

/**
 * Applies the platform migrations, the job queue's schema, then the tenant
 * set to every organization schema. Idempotent; serialised by an advisory
 * lock so two starting processes never migrate at once.
 */
export async function migrateAll(url: string): Promise<MigrationReport> {
	const { sql, db } = connect(url, { max: TENANT_CONCURRENCY + 1 })
	try {
		const lock = await sql.reserve()
		try {
			await lock`select pg_advisory_lock(${MIGRATION_LOCK})`
			await migrate(db, { migrationsFolder: path.join(root, 'db/migrations/platform') })
			await runMigrations({ connectionString: url, logger: quietLogger() })
			const tenants = await db.select({ schemaName: organizations.schemaName }).from(organizations)
			let applied = 0
			const queue = [...tenants]
			await Promise.all(
				Array.from({ length: TENANT_CONCURRENCY }, async () => {
					for (let next = queue.shift(); next; next = queue.shift()) {
						const schemaName = next.schemaName
						const count = await db.transaction((tx) => migrateTenantSchema(tx, schemaName))
						applied += count
					}
				}),
			)
			return { tenantSchemas: tenants.length, tenantMigrationsApplied: applied }
		} finally {
			await lock`select pg_advisory_unlock(${MIGRATION_LOCK})`
			lock.release()
		}
	} finally {
		await sql.end({ timeout: 5 })
	}
}

function quietLogger() {
	return new Logger((scope) => (level, message, meta) => {
		if (level === 'error') logger.error('db.migrate_worker_log', workerLogFields(level, message, meta, scope))
	})
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (isMain) {
	const { resolveDatabaseUrl } = await import('./database-url.ts')
	const database = await resolveDatabaseUrl()
	try {
		const report = await migrateAll(database.url)
		console.log(
			`migrated: platform up to date; ${report.tenantSchemas} tenant schema(s) migrated, ${report.tenantMigrationsApplied} tenant migration(s) applied`,
		)
	} finally {
		await database.stop()
	}
}
