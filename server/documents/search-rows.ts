import { and, desc, eq, notInArray, sql, type SQL } from 'drizzle-orm'
import { documents } from '#db/schema/tenant.ts'
import type { Patient } from '#server/auth/patient.ts'
import { prefixTsQuery } from '#server/search/shared/search.ts'
import type { TenantTransaction } from '#server/tenancy/index.ts'

/**
 * Global search's documents (server/search): the patient's documents whose
 * fields start with every query word, in three tiers filled in order, each
 * newest first: the words in the title (the title's vector, which is
 * search_head's weight A, GIN-indexed with its own statistics: filtering
 * search_head by weight left the planner blind to a word common in providers
 * but absent from titles, and it walked all 10,000 rows, 17-190 ms); in
 * the title, provider, tags or summary (any weight of it); in the extracted
 * text too (`search_vector`). Ranking every match with ts_rank read
 * every match's large vector: a common word matches most documents, 140-400
 * ms over 10,000 of them against the typeahead's 50 ms (npm run
 * bench:search). A tier ordered by date with a limit stops at the first
 * matches, but for a prefix the planner cannot tell rare from common, and a
 * word absent from a tier walked all 10,000 rows (25-30 ms): each tier looks
 * through the newest 200 documents first, then asks its GIN index. With `withText`, the first
 * 20,000 characters of the text for a snippet.
 */
/** How many of the newest documents a tier looks through before it asks the GIN index. */
const NEWEST_WINDOW = 200

export async function searchDocumentRows(tx: TenantTransaction, patient: Patient, words: string[], options: { limit: number; withText?: boolean }) {
	const columns = {
		id: documents.id,
		title: documents.title,
		provider: documents.provider,
		date: sql<string>`coalesce(${documents.documentDate}, (${documents.uploadedAt} at time zone 'UTC')::date)::text`,
		text: options.withText ? sql<string | null>`left(${documents.extractedText}, 20000)` : sql<null>`null`,
	}
	const tiers = [
		// The title's own vector (search_head's weight A), through its expression index and that index's statistics.
		sql`to_tsvector('english'::regconfig, coalesce(${documents.title}, '')) @@ to_tsquery('english', ${prefixTsQuery(words)})`,
		sql`${documents.searchHead} @@ to_tsquery('english', ${prefixTsQuery(words)})`,
		sql`${documents.searchVector} @@ to_tsquery('english', ${prefixTsQuery(words)})`,
	]
	type Row = { id: string; title: string; provider: string | null; date: string; text: string | null }
	const found: Row[] = []
	const owner = patient.userId
	async function selectTier(match: (typeof tiers)[number], candidates: SQL, limit: number): Promise<Row[]> {
		return tx
			.select(columns)
			.from(documents)
			.where(
				and(
					eq(documents.ownerId, owner),
					sql`${documents.id} in ${candidates}`,
					match,
					found.length
						? notInArray(
								documents.id,
								found.map((row) => row.id),
							)
						: undefined,
				),
			)
			.orderBy(desc(documents.uploadedAt))
			.limit(limit)
	}
	// A common word fills its tier among the newest documents; a rare or absent one is looked up in
	// the tier's GIN index ('offset 0' keeps that subquery apart, so no walk in date order over every row).
	const newest = sql`(select id from ${documents} where owner_id = ${owner} order by uploaded_at desc limit ${NEWEST_WINDOW})`
	for (const match of tiers) {
		if (found.length >= options.limit) break
		const wanted = options.limit - found.length
		let rows = await selectTier(match, newest, wanted)
		if (rows.length < wanted) rows = await selectTier(match, sql`(select id from ${documents} where owner_id = ${owner} and ${match} offset 0)`, wanted)
		found.push(...rows)
	}
	return found
}
