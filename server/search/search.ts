/**
 * Global search over the patient's own appointments, documents (with their
 * extracted text) and medications: PostgreSQL full-text search on the
 * generated `search_vector` columns (GIN-indexed, tenant migration 0005),
 * every word a prefix (typeahead), ranked by ts_rank and then by date. The
 * tables' owners run the queries (docs/decisions/011-table-ownership.md),
 * each naming the owner, in one tenant transaction.
 */
import { searchAppointmentRows } from '#server/appointments/index.ts'
import type { Patient } from '#server/auth/patient.ts'
import { searchDocumentRows } from '#server/documents/index.ts'
import { searchMedicationRows } from '#server/medications/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { localDateOf, safeTimeZone } from '#server/time/shared/zoned-time.ts'
import { isAllowedText } from '#server/validation/shared/text.ts'
import { prefixTsQuery, queryWords, snippetAround, type SearchResults } from './shared/search.ts'

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
	const tsQuery = prefixTsQuery(words)
	return withTenant(patient.organizationId, async (tx) => {
		const appointmentRows = await searchAppointmentRows(tx, patient, tsQuery, options.limit)
		const documentRows = await searchDocumentRows(tx, patient, words, { limit: options.limit, withText: options.withSnippets })
		const medicationRows = await searchMedicationRows(tx, patient, tsQuery, options.limit)
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
