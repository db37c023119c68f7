import { and, arrayOverlaps, eq } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { TenantTransaction } from './tenant.ts'

/**
 * Which of `keys` the owner's rows already hold, in a table with `owner_id`
 * and `entry_keys` (health_parameters, medications, appointments: values
 * imported from C-CDA and FHIR files, docs/decisions/021-structured-import.md),
 * so a repeated entry is stored once. Each table's own module calls it with
 * its table.
 */
export async function selectHeldEntryKeys(
	tx: TenantTransaction,
	table: PgTable & { ownerId: PgColumn; entryKeys: PgColumn },
	ownerId: string,
	keys: string[],
): Promise<Set<string>> {
	if (keys.length === 0) return new Set()
	const rows = (await tx
		.select({ entryKeys: table.entryKeys })
		.from(table as PgTable)
		.where(and(eq(table.ownerId, ownerId), arrayOverlaps(table.entryKeys, keys)))) as { entryKeys: string[] | null }[]
	return new Set(rows.flatMap((row) => row.entryKeys ?? []))
}
