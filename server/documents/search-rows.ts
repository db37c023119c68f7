import { and, desc, eq, sql } from 'drizzle-orm'
import { documents } from '#db/schema/tenant.ts'
import type { Patient } from '#server/auth/patient.ts'
import type { TenantTransaction } from '#server/tenancy/index.ts'

/**
 * Global search's documents (server/search): the patient's documents whose
 * generated search vector (title, provider, tags, description, summary,
 * extracted text) matches the tsquery text, best rank first; with
 * `withText`, the first 20,000 characters of the text for a snippet.
 */
export function searchDocumentRows(tx: TenantTransaction, patient: Patient, tsQuery: string, options: { limit: number; withText?: boolean }) {
	const query = sql`to_tsquery('english', ${tsQuery})`
	return tx
		.select({
			id: documents.id,
			title: documents.title,
			provider: documents.provider,
			date: sql<string>`coalesce(${documents.documentDate}, (${documents.uploadedAt} at time zone 'UTC')::date)::text`,
			text: options.withText ? sql<string | null>`left(${documents.extractedText}, 20000)` : sql<null>`null`,
		})
		.from(documents)
		.where(and(eq(documents.ownerId, patient.userId), sql`${documents.searchVector} @@ ${query}`))
		.orderBy(desc(sql`ts_rank(${documents.searchVector}, ${query})`), desc(documents.uploadedAt))
		.limit(options.limit)
}
