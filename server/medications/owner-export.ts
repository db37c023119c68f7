import { asc, eq } from 'drizzle-orm'
import { medications } from '#db/schema/tenant.ts'
import type { TenantTransaction } from '#server/tenancy/index.ts'

/** Every row of one owner, whole, oldest first: what their data export (server/account) writes out. */
export function selectOwnerMedicationsForExport(tx: TenantTransaction, ownerId: string) {
	return tx.select().from(medications).where(eq(medications.ownerId, ownerId)).orderBy(asc(medications.createdAt))
}
