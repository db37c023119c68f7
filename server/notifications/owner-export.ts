import { asc, eq } from 'drizzle-orm'
import { notifications } from '#db/schema/tenant.ts'
import type { TenantTransaction } from '#server/tenancy/index.ts'

/** Every row of one owner, whole, oldest first: what their data export (server/account) writes out. */
export function selectOwnerNotificationsForExport(tx: TenantTransaction, ownerId: string) {
	return tx.select().from(notifications).where(eq(notifications.ownerId, ownerId)).orderBy(asc(notifications.createdAt))
}
