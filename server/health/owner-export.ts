import { asc, eq } from 'drizzle-orm'
import { healthParameters, printedNameChoices, printedResults } from '#db/schema/tenant.ts'
import type { TenantTransaction } from '#server/tenancy/index.ts'

/** Every row of one owner, whole, oldest first: what their data export (server/account) writes out. */
export function selectOwnerHealthParametersForExport(tx: TenantTransaction, ownerId: string) {
	return tx.select().from(healthParameters).where(eq(healthParameters.ownerId, ownerId)).orderBy(asc(healthParameters.testDate))
}

/**
 * The owner's rows printed under names the vocabulary does not know, whole, oldest first, and the
 * analyte they said each printed name stands for: in their data export beside the values.
 */
export async function selectOwnerPrintedResultsForExport(tx: TenantTransaction, ownerId: string) {
	const rows = await tx
		.select()
		.from(printedResults)
		.where(eq(printedResults.ownerId, ownerId))
		.orderBy(asc(printedResults.testDate), asc(printedResults.position))
	const choices = await tx
		.select({ nameKey: printedNameChoices.nameKey, code: printedNameChoices.code, updatedAt: printedNameChoices.updatedAt })
		.from(printedNameChoices)
		.where(eq(printedNameChoices.ownerId, ownerId))
	return { rows, choices }
}
