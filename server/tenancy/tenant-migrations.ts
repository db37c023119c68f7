import { createHash } from 'node:crypto'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator'
import type { Transaction } from '#db/client.ts'
import { PROJECT_ROOT } from '#server/project-root.ts'
import { assertTenantSchemaName } from './schema-name.ts'

const defaultTenantMigrationsFolder = path.join(PROJECT_ROOT, 'db/migrations/tenant')

let tenantMigrationsFolder = defaultTenantMigrationsFolder
let cached: { migrations: MigrationMeta[]; digest: string } | undefined

function tenantMigrationSet() {
	if (!cached) {
		const migrations = readMigrationFiles({ migrationsFolder: tenantMigrationsFolder })
		const digest = createHash('sha256')
			.update(
				migrations
					.map((migration) => migration.hash)
					.sort()
					.join('\n'),
			)
			.digest('hex')
			.slice(0, 32)
		cached = { migrations, digest }
	}
	return cached
}

/**
 * Points this process at another tenant migration set (the benchmark and the
 * tests add a throwaway migration in a temporary folder); no argument goes
 * back to db/migrations/tenant. Provisioning and migrateAll both read it.
 */
export function useTenantMigrationsFolder(folder: string = defaultTenantMigrationsFolder) {
	tenantMigrationsFolder = folder
	cached = undefined
}

/**
 * Names the tenant migration set this process applies: a hash of its
 * migrations' hashes (order-free, like the per-schema record). An
 * organization row keeps the digest its schema was brought up to, so
 * migrateAll visits only the schemas that lag behind.
 */
export function tenantMigrationSetDigest() {
	return tenantMigrationSet().digest
}

/**
 * Brings one organization schema up to the tenant migration set, inside the
 * caller's transaction. The search path is set for this transaction only
 * (set_config(..., true)), so the unqualified DDL lands in that schema and a
 * pooled connection never carries it further. The missing migrations and
 * their records go in one simple-protocol batch (no parameters: hashes are
 * hex, times are numbers); a schema made just now (`isNew`) skips reading
 * its record. Returns how many migrations ran.
 */
export async function migrateTenantSchema(tx: Transaction, schemaName: string, options: { isNew?: boolean } = {}): Promise<number> {
	assertTenantSchemaName(schemaName)
	await tx.execute(
		sql.raw(
			[
				`create schema if not exists "${schemaName}"`,
				`select set_config('search_path', '${schemaName}', true)`,
				'create table if not exists __migrations (hash text primary key, folder_millis bigint not null, applied_at timestamptz not null default now())',
			].join(';\n'),
		),
	)
	let pending = tenantMigrationSet().migrations
	if (!options.isNew) {
		const applied = await tx.execute<{ hash: string }>(sql`select hash from __migrations`)
		const appliedHashes = new Set(applied.map((row) => row.hash))
		pending = pending.filter((migration) => !appliedHashes.has(migration.hash))
	}
	if (pending.length === 0) return 0
	const statements = pending.flatMap((migration) => migration.sql.filter((statement) => statement.trim()))
	const records = pending.map((migration) => `('${migration.hash}', ${Number(migration.folderMillis)})`).join(', ')
	await tx.execute(sql.raw([...statements, `insert into __migrations (hash, folder_millis) values ${records}`].join(';\n')))
	return pending.length
}

export function tenantMigrationCount() {
	return tenantMigrationSet().migrations.length
}
