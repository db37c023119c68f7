import { inArray } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { organizations } from '#db/schema/platform.ts'
import type { TenantRef } from '#server/documents/index.ts'
import { assertTenantSchemaName } from '#server/tenancy/schema-name.ts'

/** Organizations and their schemas (all, or the given ids). */
export async function tenantRefs(organizationIds?: string[]): Promise<TenantRef[]> {
	const query = getDb().select({ id: organizations.id, schemaName: organizations.schemaName }).from(organizations)
	const rows = organizationIds ? await query.where(inArray(organizations.id, organizationIds)) : await query
	return rows.filter((row) => {
		assertTenantSchemaName(row.schemaName)
		return true
	})
}
