import path from 'node:path'
import { sql } from 'drizzle-orm'
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator'
import type { Transaction } from '#db/client.ts'
import { PROJECT_ROOT } from '#server/project-root.ts'
import { assertTenantSchemaName } from './schema-name.ts'

const tenantMigrationsFolder = path.join(PROJECT_ROOT, 'db/migrations/tenant')

let cachedMigrations: MigrationMeta[] | undefined

function tenantMigrations() {
	cachedMigrations ??= readMigrationFiles({ migrationsFolder: tenantMigrationsFolder })
	return cachedMigrations
}

/**
 * Brings one organization schema up to the tenant migration set, inside the
 * caller's transaction. The search path is set for this transaction only
 * (set_config(..., true)), so the unqualified DDL lands in that schema and a
 * pooled connection never carries it further. Returns how many migrations ran.
 */
export async function migrateTenantSchema(tx: Transaction, schemaName: string): Promise<number> {
	assertTenantSchemaName(schemaName)
	await tx.execute(sql.raw(`create schema if not exists "${schemaName}"`))
	await tx.execute(sql`select set_config('search_path', ${schemaName}, true)`)
	await tx.execute(
		sql`create table if not exists __migrations (hash text primary key, folder_millis bigint not null, applied_at timestamptz not null default now())`,
	)
	const applied = await tx.execute<{ hash: string }>(sql`select hash from __migrations`)
	const appliedHashes = new Set(applied.map((row) => row.hash))
	let count = 0
	for (const migration of tenantMigrations()) {
		if (appliedHashes.has(migration.hash)) continue
		for (const statement of migration.sql) {
			if (statement.trim()) await tx.execute(sql.raw(statement))
		}
		await tx.execute(
			sql`insert into __migrations (hash, folder_millis) values (${migration.hash}, ${migration.folderMillis})`,
		)
		count++
	}
	return count
}

export function tenantMigrationCount() {
	return tenantMigrations().length
}
