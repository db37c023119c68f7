import { sql, type SQL } from 'drizzle-orm'
import { healthParameters } from '#db/schema/tenant.ts'

/**
 * Which stored health parameters count for the patient: the one condition
 * every health query adds (trends, the dashboard's cards, alerts and health
 * score, risk, Compare Records, predictions, the REST and tRPC lists, a
 * share's lab values). A value kept "to check" (server/extraction/
 * plausibility.ts) does not count until the patient confirms or corrects it
 * on the document page; a row the patient removed never does.
 *
 * Add any further rule about what counts here, in this one function, so no
 * query can forget it.
 */

/** The review states that count: as read, confirmed, corrected or added by the patient. */
export const COUNTED_REVIEW_STATUSES = ['accepted', 'confirmed', 'corrected', 'added'] as const

/**
 * The SQL condition on a health_parameters row. Without an argument it
 * names the table's own columns (a Drizzle query on `healthParameters`);
 * inside raw SQL that aliases the table (`from health_parameters newest`)
 * pass the alias, so a correlated subquery tests its own row and not the
 * outer one.
 */
export function countedParameterCondition(alias?: string): SQL {
	const reviewStatus = alias ? sql`${sql.identifier(alias)}.review_status` : sql`${healthParameters.reviewStatus}`
	return sql`${reviewStatus} in (${sql.raw(COUNTED_REVIEW_STATUSES.map((status) => `'${status}'`).join(', '))})`
}
