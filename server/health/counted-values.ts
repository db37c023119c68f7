import { sql, type SQL } from 'drizzle-orm'
import { healthParameters } from '#db/schema/tenant.ts'
import { COUNTED_SUBJECT_MATCHES } from '#server/documents/shared/subject-match.ts'

/**
 * Which health parameters count as the patient's own: the one SQL condition
 * every health query (trends, dashboard and health score, risk, compare,
 * predictions, BMI) adds to its own. A value counts when it is a manual
 * reading or comes from a document whose patient is the profile's (matched),
 * names no one (unknown), or that the patient confirmed ('This is me'). A
 * document that asks 'Is this you?' and one answered 'Someone else' keep their
 * values on their own page and out of everything else
 * (server/documents/shared/subject-match.ts).
 *
 * `alias`: the name the query gives health_parameters in raw SQL
 * (`from health_parameters newest`); without it, the table's own columns.
 */
export function countedParameterCondition(alias?: string): SQL {
	if (alias !== undefined && !/^[a-z_]+$/.test(alias)) throw new Error('countedParameterCondition: the alias must be a plain SQL name')
	const documentId = alias ? sql.raw(`${alias}.document_id`) : sql`${healthParameters.documentId}`
	const counted = sql.join(
		COUNTED_SUBJECT_MATCHES.map((state) => sql`${state}`),
		sql`, `,
	)
	return sql`(${documentId} is null or exists (select 1 from documents counted_document where counted_document.id = ${documentId} and counted_document.subject_match in (${counted})))`
}
