import type { Patient } from '#server/auth/patient.ts'
import { recordAudit } from '#server/audit/index.ts'
import { RESULTS_PAGE_LIMIT } from './shared/search.ts'
import { searchRecords } from './search.ts'

/** /search: all results grouped by type, with snippets; the search is audited by its result counts (never its text). */
export async function searchPage(patient: Patient, text: string) {
	const results = await searchRecords(patient, text, { limit: RESULTS_PAGE_LIMIT, withSnippets: true })
	if (text.trim()) {
		await recordAudit({
			action: 'search.run',
			actor: patient,
			details: { appointments: results.appointment.length, documents: results.document.length, medications: results.medication.length },
		})
	}
	return results
}
