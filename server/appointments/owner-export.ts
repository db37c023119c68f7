import { asc, eq } from 'drizzle-orm'
import { appointments } from '#db/schema/tenant.ts'
import type { TenantTransaction } from '#server/tenancy/index.ts'

/** Every row of one owner, whole, oldest first: what their data export (server/account) writes out. */
export function selectOwnerAppointmentsForExport(tx: TenantTransaction, ownerId: string) {
	return tx.select().from(appointments).where(eq(appointments.ownerId, ownerId)).orderBy(asc(appointments.startsAt))
}
