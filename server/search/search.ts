/**
 * Global search over the patient's own appointments, documents (with their
 * extracted text) and medications: PostgreSQL full-text search on the
 * generated `search_vector` columns (GIN-indexed, tenant migration 0004),
 * every word a prefix (typeahead), ranked by ts_rank and then by date.
 * Every query names the owner; it runs through the tenant entry point.
 */
import { and, desc, eq, sql } from 'drizzle-orm'
import { appointments, documents, medications } from '#db/schema/tenant.ts'
import type { Patient } from '#server/auth/patient.ts'
import { withTenant, type TenantTransaction } from '#server/tenancy/index.ts'
import { localDateOf, safeTimeZone } from '#server/time/shared/zoned-time.ts'
import { isAllowedText } from '#server/validation/shared/text.ts'
import { queryWords, snippetAround, type SearchResults } from './shared/search.ts'

/** The tsquery text for the words: each a prefix, all required ('chol:* & ldl:*'). Words hold only letters and digits. */
export function prefixTsQuery(words: string[]): string {
	return words.map((word) => `${word}:*`).join(' & ')
}

const EMPTY: SearchResults = { appointment: [], document: [], medication: [] }

export type SearchOptions = {
	/** results per type */
	limit: number
	/** a piece of each document's text around the match (the /search page) */
	withSnippets?: boolean
}

/** The patient's records matching `text`, per type, best first. Empty text (or no word in it) finds nothing. */
export async function searchRecords(patient: Patient, text: string, options: SearchOptions): Promise<SearchResults> {
	const trimmed = text.trim()
	if (!trimmed || !isAllowedText(trimmed)) return EMPTY
	const words = queryWords(trimmed)
	if (!words.length) return EMPTY
	const tsQuery = sql`to_tsquery('english', ${prefixTsQuery(words)})`
	return withTenant(patient.organizationId, async (tx) => {
		const [appointmentRows, documentRows, medicationRows] = [
			await searchAppointments(tx, patient, tsQuery, options.limit),
			await searchDocuments(tx, patient, tsQuery, options),
			await searchMedications(tx, patient, tsQuery, options.limit),
		]
		return {
			appointment: appointmentRows.map((row) => ({
				id: row.id,
				type: 'appointment' as const,
				title: row.title,
				date: localDateOf(row.startsAt, safeTimeZone(row.timeZone)),
				subtitle: [row.provider, row.specialty, row.location].filter(Boolean).join(' · ') || null,
			})),
			document: documentRows.map((row) => ({
				id: row.id,
				type: 'document' as const,
				title: row.title,
				date: row.date,
				subtitle: row.provider,
				snippet: options.withSnippets ? snippetAround(row.text ?? '', words) : undefined,
			})),
			medication: medicationRows.map((row) => ({
				id: row.id,
				type: 'medication' as const,
				title: row.name,
				date: row.date,
				subtitle: [row.dose, row.frequency].filter(Boolean).join(' · ') || null,
			})),
		}
	})
}

type TsQuery = ReturnType<typeof sql>

function searchAppointments(tx: TenantTransaction, patient: Patient, query: TsQuery, limit: number) {
	const rank = sql`ts_rank(${appointments.searchVector}, ${query})`
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
		.orderBy(desc(rank), desc(appointments.startsAt))
		.limit(limit)
}

function searchDocuments(tx: TenantTransaction, patient: Patient, query: TsQuery, options: SearchOptions) {
	const rank = sql`ts_rank(${documents.searchVector}, ${query})`
	return tx
		.select({
			id: documents.id,
			title: documents.title,
			provider: documents.provider,
			date: sql<string>`coalesce(${documents.documentDate}, (${documents.uploadedAt} at time zone 'UTC')::date)::text`,
			text: options.withSnippets ? sql<string | null>`left(${documents.extractedText}, 20000)` : sql<null>`null`,
		})
		.from(documents)
		.where(and(eq(documents.ownerId, patient.userId), sql`${documents.searchVector} @@ ${query}`))
		.orderBy(desc(rank), desc(documents.uploadedAt))
		.limit(options.limit)
}

function searchMedications(tx: TenantTransaction, patient: Patient, query: TsQuery, limit: number) {
	const rank = sql`ts_rank(${medications.searchVector}, ${query})`
	return tx
		.select({
			id: medications.id,
			name: medications.name,
			dose: medications.dose,
			frequency: medications.frequency,
			date: sql<string>`coalesce(${medications.startDate}, (${medications.createdAt} at time zone 'UTC')::date)::text`,
		})
		.from(medications)
		.where(and(eq(medications.ownerId, patient.userId), sql`${medications.searchVector} @@ ${query}`))
		.orderBy(desc(rank), desc(medications.createdAt))
		.limit(limit)
}
