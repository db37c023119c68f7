import { asc, eq } from 'drizzle-orm'
import { healthParameters } from '#db/schema/tenant.ts'
import type { TenantTransaction } from '#server/tenancy/index.ts'

/** Every row of one owner, whole, oldest first: what their data export (server/account) writes out. */
export function selectOwnerHealthParametersForExport(tx: TenantTransaction, ownerId: string) {
	return tx.select().from(healthParameters).where(eq(healthParameters.ownerId, ownerId)).orderBy(asc(healthParameters.testDate))
}
