import { and, desc, eq, notInArray, sql } from 'drizzle-orm'
import { documents } from '#db/schema/tenant.ts'
import type { Patient } from '#server/auth/patient.ts'
import { prefixTsQuery } from '#server/search/shared/search.ts'
import type { TenantTransaction } from '#server/tenancy/index.ts'

/**
 * Global search's documents (server/search): the patient's documents whose
 * fields start with every query word, in three tiers filled in order, each
 * newest first: the words in the title (weight A of the small `search_head`
 * vector); in the title, provider, tags or summary (any weight of it); in the
 * extracted text too (`search_vector`). Ranking every match with ts_rank read
 * every match's large vector: a common word matches most documents, 140-400
 * ms over 10,000 of them against the typeahead's 50 ms (npm run
 * bench:search). A tier ordered by date with a limit stops at the first
 * matches (or uses the GIN index for rare words). With `withText`, the first
 * 20,000 characters of the text for a snippet.
 */
export async function searchDocumentRows(tx: TenantTransaction, patient: Patient, words: string[], options: { limit: number; withText?: boolean }) {
	const columns = {
		id: documents.id,
		title: documents.title,
		provider: documents.provider,
		date: sql<string>`coalesce(${documents.documentDate}, (${documents.uploadedAt} at time zone 'UTC')::date)::text`,
		text: options.withText ? sql<string | null>`left(${documents.extractedText}, 20000)` : sql<null>`null`,
	}
	const tiers = [
		sql`${documents.searchHead} @@ to_tsquery('english', ${prefixTsQuery(words, 'A')})`,
		sql`${documents.searchHead} @@ to_tsquery('english', ${prefixTsQuery(words)})`,
		sql`${documents.searchVector} @@ to_tsquery('english', ${prefixTsQuery(words)})`,
	]
	type Row = { id: string; title: string; provider: string | null; date: string; text: string | null }
	const found: Row[] = []
	async function selectTier(match: (typeof tiers)[number], limit: number): Promise<Row[]> {
		return tx
			.select(columns)
			.from(documents)
			.where(and(eq(documents.ownerId, patient.userId), match, found.length ? notInArray(documents.id, found.map((row) => row.id)) : undefined))
			.orderBy(desc(documents.uploadedAt))
			.limit(limit)
	}
	for (const match of tiers) {
		if (found.length >= options.limit) break
		found.push(...(await selectTier(match, options.limit - found.length)))
	}
	return found
}
