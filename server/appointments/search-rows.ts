import { and, desc, eq, sql } from 'drizzle-orm'
import { appointments } from '#db/schema/tenant.ts'
import type { Patient } from '#server/auth/patient.ts'
import type { TenantTransaction } from '#server/tenancy/index.ts'

/**
 * Global search's appointments (server/search): the patient's appointments
 * whose generated search vector matches the tsquery text ('chol:* & ldl:*',
 * built by server/search from letters and digits only), best rank first.
 */
export function searchAppointmentRows(tx: TenantTransaction, patient: Patient, tsQuery: string, limit: number) {
	const query = sql`to_tsquery('english', ${tsQuery})`
	return tx
		.select({
			id: appointments.id,
			title: appointments.title,
			provider: appointments.provider,
			specialty: appointments.specialty,
			location: appointments.location,
			startsAt: appointments.startsAt,
			timeZone: appointments.timeZone,
		})
		.from(appointments)
		.where(and(eq(appointments.ownerId, patient.userId), sql`${appointments.searchVector} @@ ${query}`))
		.orderBy(desc(sql`ts_rank(${appointments.searchVector}, ${query})`), desc(appointments.startsAt))
		.limit(limit)
}
