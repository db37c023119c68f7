import { sql } from 'drizzle-orm'
import type { Transaction } from '#db/client.ts'
import { organizations } from '#db/schema/platform.ts'
import { generateTenantSchemaName } from './schema-name.ts'
import { migrateTenantSchema, tenantMigrationSetDigest } from './tenant-migrations.ts'

type NewOrganization = {
	name: string
	kind: 'personal' | 'organization'
	status?: 'active' | 'inactive' | 'trial'
	domain?: string | null
	contactEmail?: string | null
}

/**
 * Creates an organization row and its schema with every tenant migration, in
 * the caller's transaction: either both exist afterwards or neither does.
 * The schema gets this process's whole set (recorded on the row), whether or
 * not a migrateAll run is going through the other schemas: it takes no lock
 * that run holds.
 */
export async function provisionOrganization(tx: Transaction, input: NewOrganization) {
	const schemaName = generateTenantSchemaName()
	const [organization] = await tx
		.insert(organizations)
		.values({
			name: input.name,
			kind: input.kind,
			status: input.status ?? 'trial',
			domain: input.domain ?? null,
			contactEmail: input.contactEmail ?? null,
			schemaName,
			tenantMigrationsDigest: tenantMigrationSetDigest(),
		})
		.returning()
	await migrateTenantSchema(tx, schemaName, { isNew: true })
	// Later statements of the same transaction act on the platform again.
	await tx.execute(sql`select set_config('search_path', 'public', true)`)
	return organization!
}
