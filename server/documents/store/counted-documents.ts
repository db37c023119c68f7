import { sql, type SQL } from 'drizzle-orm'
import { COUNTED_SUBJECT_MATCHES } from '../shared/subject-match.ts'

/**
 * Whether a row that may come from a document (a health parameter, a
 * medication) counts as the patient's own, by its document's subject match
 * (shared/subject-match.ts): no document (entered by hand), or a document
 * that is the patient's (matched), names no one (unknown) or that the patient
 * confirmed ('This is me'). A document that asks 'Is this you?' and one
 * answered 'Someone else' keep what they list on their own page. The one SQL
 * form of that rule: health values (server/health/counted-values.ts) and
 * medications (server/medications) both use it.
 *
 * `documentId` is the row's document_id column (a Drizzle column, or a raw
 * alias.column inside a correlated subquery).
 */
export function countedDocumentCondition(documentId: SQL): SQL {
	const subjects = sql.join(
		COUNTED_SUBJECT_MATCHES.map((state) => sql`${state}`),
		sql`, `,
	)
	return sql`(${documentId} is null or exists (select 1 from documents counted_document where counted_document.id = ${documentId} and counted_document.subject_match in (${subjects})))`
}
