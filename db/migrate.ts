import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { migrate } from 'drizzle-orm/postgres-js/migrator'
import { Logger, runMigrations } from 'graphile-worker'
import { connect } from './client.ts'
import { workerLogFields } from '#server/jobs/worker-log.ts'
import { logger } from '#server/logger.ts'
import {
	TENANT_MIGRATION_CONCURRENCY,
	migrateLaggingTenantSchemas,
	type TenantMigrationFailure,
	type TenantMigrationProgress,
} from '#server/tenancy/migrate-tenants.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const MIGRATION_LOCK = 727_001

export type MigrationReport = {
	/** organization schemas visited: those behind the tenant set */
	tenantSchemas: number
	tenantMigrationsApplied: number
	/** schemas left behind by a failure (rolled back); the next run retries them */
	failedTenantSchemas: TenantMigrationFailure[]
}

/**
 * Applies the platform migrations, the job queue's schema, then the tenant
 * set to every organization schema behind it, in batches, reporting progress
 * (migrateLaggingTenantSchemas). Idempotent and resumable: a second run
 * visits only the schemas that failed or were made behind since. Serialised
 * by an advisory lock so two starting processes never migrate at once; sign-ups
 * never take that lock.
 */
export async function migrateAll(
	url: string,
	options: { onProgress?: (progress: TenantMigrationProgress) => void; concurrency?: number; batchSize?: number } = {},
): Promise<MigrationReport> {
	const concurrency = options.concurrency ?? TENANT_MIGRATION_CONCURRENCY
	const { sql, db } = connect(url, { max: concurrency + 1 })
	try {
		const lock = await sql.reserve()
		try {
			await lock`select pg_advisory_lock(${MIGRATION_LOCK})`
			await migrate(db, { migrationsFolder: path.join(root, 'db/migrations/platform') })
			await runMigrations({ connectionString: url, logger: quietLogger() })
			const run = await migrateLaggingTenantSchemas(db, { ...options, concurrency })
			return { tenantSchemas: run.schemasVisited, tenantMigrationsApplied: run.migrationsApplied, failedTenantSchemas: run.failed }
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
		const report = await migrateAll(database.url, {
			onProgress: (progress) =>
				console.log(
					`tenant schemas: ${progress.done}/${progress.total} (${progress.failed} failed), ${progress.migrationsApplied} migration(s) applied, ${(progress.elapsedMs / 1000).toFixed(1)} s`,
				),
		})
		console.log(
			`migrated: platform up to date; ${report.tenantSchemas} tenant schema(s) visited, ${report.tenantMigrationsApplied} tenant migration(s) applied`,
		)
		if (report.failedTenantSchemas.length > 0) {
			console.error(
				`${report.failedTenantSchemas.length} tenant schema(s) failed and stay as they were; run again to retry them: ${report.failedTenantSchemas.map((failure) => `${failure.schemaName} (${failure.errorCode ?? 'error'})`).join(', ')}`,
			)
			process.exitCode = 1
		}
	} finally {
		await database.stop()
	}
}
