import { sql, type SQL } from 'drizzle-orm'
import { healthParameters } from '#db/schema/tenant.ts'
import { countedDocumentCondition } from '#server/documents/store/index.ts'

/**
 * Which stored health parameters count as the patient's own: the one SQL
 * condition every health query adds to its own (trends, the dashboard's
 * cards, alerts and health score, risk, Compare Records, predictions, BMI,
 * the REST and tRPC lists, a share's lab values). Add any further rule about
 * what counts here, in this one function, so no query can forget it.
 *
 * - The row: a value kept "to check" (server/extraction/plausibility.ts)
 *   does not count until the patient confirms or corrects it on the
 *   document page; a row the patient removed never does; an alternate row
 *   (another printed row of a code its document holds more than once on the
 *   date: server/extraction/same-analyte.ts) never does, the row chosen
 *   standing for the code.
 * - Its document: a manual reading, or a document whose patient is the
 *   profile's (matched), names no one (unknown) or that the patient confirmed
 *   ('This is me'). A document that asks 'Is this you?' and one answered
 *   'Someone else' keep their values on their own page and out of everything
 *   else (server/documents/shared/subject-match.ts).
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
	const documentId = columnOf(alias, 'document_id') ?? sql`${healthParameters.documentId}`
	const alternate = columnOf(alias, 'alternate') ?? sql`${healthParameters.alternate}`
	return sql`(${reviewedParameterCondition(alias)} and not ${alternate} and ${countedDocumentCondition(documentId)})`
}

/**
 * The row's half alone, for the values of documents named by id (a share's:
 * what those documents hold, whoever they name), where a value to check or
 * removed still never shows.
 */
export function reviewedParameterCondition(alias?: string): SQL {
	const reviewStatus = columnOf(alias, 'review_status') ?? sql`${healthParameters.reviewStatus}`
	return sql`${reviewStatus} in (${sql.join(
		COUNTED_REVIEW_STATUSES.map((status) => sql`${status}`),
		sql`, `,
	)})`
}

function columnOf(alias: string | undefined, name: string): SQL | null {
	if (alias === undefined) return null
	if (!/^[a-z_]+$/.test(alias)) throw new Error('countedParameterCondition: the alias must be a plain SQL name')
	return sql.raw(`${alias}.${name}`)
}
