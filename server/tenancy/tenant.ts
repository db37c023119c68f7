import { eq, sql } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.ts'
import { organizations } from '#db/schema/platform.ts'
import { assertTenantSchemaName } from './schema-name.ts'

export class TenantNotFoundError extends Error {
	constructor() {
		super('Organization not found')
	}
}

/** PostgreSQL's undefined_table and invalid_schema_name: the organization's schema was dropped. */
const SCHEMA_GONE_CODES = new Set(['42P01', '3F000'])

/**
 * True when an error says the organization no longer exists: its row is gone
 * (TenantNotFoundError) or its schema was dropped under a running query
 * (deleted by an administrator). Looks through the error's causes.
 */
export function isTenantGone(error: unknown) {
	let current: unknown = error
	for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
		if (current instanceof TenantNotFoundError) return true
		const candidate = current as { code?: unknown; cause?: unknown }
		if (typeof candidate.code === 'string' && SCHEMA_GONE_CODES.has(candidate.code)) return true
		current = candidate.cause
	}
	return false
}

/** A transaction whose search path is one organization's schema. */
export type TenantTransaction = Transaction & { readonly __tenant: unique symbol }

const schemaByOrganization = new Map<string, string>()

async function resolveTenantSchema(organizationId: string) {
	const cached = schemaByOrganization.get(organizationId)
	if (cached) return cached
	const [row] = await getDb().select({ schemaName: organizations.schemaName }).from(organizations).where(eq(organizations.id, organizationId))
	if (!row) throw new TenantNotFoundError()
	assertTenantSchemaName(row.schemaName)
	schemaByOrganization.set(organizationId, row.schemaName)
	return row.schemaName
}

/**
 * The one entry point to an organization's health data. The organization id
 * comes from the signed-in session, never from the request; the schema is
 * looked up, validated and set for this transaction alone.
 */
export async function withTenant<T>(organizationId: string, work: (tx: TenantTransaction) => Promise<T>): Promise<T> {
	const schemaName = await resolveTenantSchema(organizationId)
	return getDb().transaction(async (tx) => {
		await tx.execute(sql`select set_config('search_path', ${schemaName}, true)`)
		return work(tx as TenantTransaction)
	})
}

/** Forgets a cached schema (after an organization is deleted). */
export function forgetTenant(organizationId: string) {
	schemaByOrganization.delete(organizationId)
}
