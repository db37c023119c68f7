import { recordAudit } from '#server/audit/index.ts'
import type { Patient } from '#server/auth/patient.ts'
import { selectDocumentTitles } from '#server/documents/store/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { METRIC_DEFINITIONS } from '#server/health/shared/metrics.ts'
import { timeRangeStartDate } from '#server/health/shared/time-range.ts'
import { findAnalyteByCode } from '#server/lab-vocabulary/index.ts'
import { SUMMARY_GROUPS, toExportRow, type SummaryGroupId, type TrendsExportFilters, type TrendsExportRow } from '#server/health/shared/trends-export.ts'
import type { LocalDate } from '#server/health/shared/types.ts'
import { selectHealthProfile, selectParameters } from './health-data.ts'

export type TrendsExport = {
	rows: TrendsExportRow[]
	dateOfBirth: LocalDate | null
}

/**
 * The values /trends has in view for its filters: every value that counts as
 * the patient's own (health-data.ts, counted-values.ts) dated in the time
 * range up to today, only the chosen metric's codes when one is chosen;
 * oldest first. Audited as a data export (ids, format and counts only).
 */
export async function getTrendsExport(
	patient: Patient & { ipAddress?: string | null },
	options: TrendsExportFilters & { today: LocalDate; format: 'csv' | 'summary' },
): Promise<TrendsExport> {
	return withTenant(patient.organizationId, async (tx) => {
		const stored = await selectParameters(tx, patient, {
			since: timeRangeStartDate(options.range, options.today),
			until: options.today,
			codes: options.metric ? METRIC_DEFINITIONS[options.metric].codes : undefined,
		})
		const documentIds = [...new Set(stored.flatMap((row) => (row.documentId ? [row.documentId] : [])))]
		const titles = await selectDocumentTitles(tx, patient, documentIds)
		const profile = await selectHealthProfile(tx, patient)
		await recordAudit(
			{
				action: 'health.trends.export',
				actor: patient,
				target: { type: 'data_export', id: patient.userId },
				details: { format: options.format, range: options.range, metric: options.metric, rows: stored.length },
			},
			tx,
		)
		return { rows: stored.map((row) => toExportRow(row, titles)), dateOfBirth: profile.dateOfBirth }
	})
}

const GROUP_IDS = new Set<string>(SUMMARY_GROUPS.map((group) => group.id))

/** The printable summary's clinical group of a parameter code: its analyte's category (a differential is the blood count), else 'other'. */
export function summaryGroupOf(code: string): SummaryGroupId {
	const category = findAnalyteByCode(code)?.category
	if (category === 'differential') return 'hematology'
	return category && GROUP_IDS.has(category) ? (category as SummaryGroupId) : 'other'
}
