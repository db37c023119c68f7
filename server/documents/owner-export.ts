import { asc, eq } from 'drizzle-orm'
import { documents } from '#db/schema/tenant.ts'
import type { TenantTransaction } from '#server/tenancy/index.ts'

/** Every row of one owner, whole, oldest first: what their data export (server/account) writes out. */
export function selectOwnerDocumentsForExport(tx: TenantTransaction, ownerId: string) {
	return tx.select().from(documents).where(eq(documents.ownerId, ownerId)).orderBy(asc(documents.uploadedAt))
}
