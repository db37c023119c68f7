import { toCsv } from '#server/admin/shared/csv.ts'
import { formatReferenceRange } from '#server/documents/shared/compare.ts'
import { parameterGradeLabel } from '#server/documents/shared/parameter-status.ts'
import { displayUnit, formatValueText } from './measurement.ts'
import type { MetricId } from './metrics.ts'
import type { TimeRange } from './time-range.ts'
import type { LocalDate } from './types.ts'

/**
 * The /trends export (spec 2.5 'Export'): the values the page's filters put in
 * view (the time range and, when one is chosen, the metric), as a CSV file
 * and as a printable summary for a doctor's visit. Pure and browser-safe; the
 * rows are read by server/health/trends-export.ts.
 */

export const TRENDS_EXPORT_TEXTS = {
	button: 'Export',
	downloadCsv: 'Download CSV',
	printableSummary: 'Printable summary',
	summaryTitle: 'Health summary',
	print: 'Print',
	backToTrends: 'Back to Health Trends',
	patient: 'Patient',
	dateOfBirth: 'Date of birth',
	printedOn: 'Printed on',
	period: 'Period',
	latest: 'Latest',
	referenceRange: 'Reference range',
	status: 'Status',
	previous: 'Previous values',
	noPrevious: 'No earlier values in this period.',
	date: 'Date',
	value: 'Value',
	source: 'Source',
	empty: 'No values in this period.',
	outsideRange: 'Outside range',
	manualEntry: 'Manual entry',
	unknownDocument: 'Document',
} as const

export const TRENDS_CSV_HEADER = ['date', 'parameter', 'value', 'unit', 'reference range', 'status', 'source']

/** The byte-order mark that tells spreadsheet apps the file is UTF-8 ('µmol/L', '°C'). */
export const UTF8_BOM = '\uFEFF'

/** One value as the export writes it: formatted with the one measurement format. */
export type TrendsExportRow = {
	date: LocalDate
	code: string
	parameter: string
	value: string
	unit: string
	referenceRange: string
	status: string
	source: string
	/** Low, high or critical as graded (the stored status): the summary lists these first. */
	isOutsideRange: boolean
}

/** What the export reads of a stored value (server/health/health-data.ts StoredHealthParameter). */
export type ExportSourceRow = {
	code: string
	name: string
	value: number
	valueText: string
	unit: string | null
	referenceRangeMin: number | null
	referenceRangeMax: number | null
	referenceRangeText: string | null
	status: string | null
	testDate: LocalDate
	documentId: string | null
}

/** A stored value as an export row; its source is the document's title, or 'Manual entry'. */
export function toExportRow(row: ExportSourceRow, documentTitles: ReadonlyMap<string, string>): TrendsExportRow {
	return {
		date: row.testDate,
		code: row.code,
		parameter: row.name,
		value: formatValueText(row.valueText),
		unit: displayUnit(row.unit),
		referenceRange: formatReferenceRange(row),
		status: parameterGradeLabel(row),
		source: row.documentId ? (documentTitles.get(row.documentId) ?? TRENDS_EXPORT_TEXTS.unknownDocument) : TRENDS_EXPORT_TEXTS.manualEntry,
		isOutsideRange: row.status === 'low' || row.status === 'high' || row.status === 'critical',
	}
}

/** The CSV file: UTF-8 with a byte-order mark, RFC 4180 quoting, formula-looking cells prefixed with a quote. */
export function trendsCsv(rows: readonly TrendsExportRow[]): string {
	return (
		UTF8_BOM +
		toCsv(
			TRENDS_CSV_HEADER,
			rows.map((row) => [row.date, row.parameter, row.value, row.unit, row.referenceRange, row.status, row.source]),
		)
	)
}

/** 'carebook-health-trends-2025-06-30.csv' */
export function trendsCsvFilename(today: LocalDate): string {
	return `carebook-health-trends-${today}.csv`
}

export type SummaryParameter = {
	code: string
	name: string
	latest: TrendsExportRow
	/** Earlier values in the period, newest first. */
	previous: TrendsExportRow[]
}

/**
 * The clinical groups of the printable summary, in the order a doctor reads them (the analyte
 * vocabulary's categories; server/health/trends-export.ts gives each code its group).
 */
export const SUMMARY_GROUPS = [
	{ id: 'vitals', name: 'Vital signs and body measurements' },
	{ id: 'diabetes', name: 'Diabetes' },
	{ id: 'lipids', name: 'Lipids' },
	{ id: 'chemistry', name: 'Chemistry and kidney function' },
	{ id: 'liver', name: 'Liver' },
	{ id: 'hematology', name: 'Blood count' },
	{ id: 'iron', name: 'Iron' },
	{ id: 'endocrine', name: 'Thyroid and hormones' },
	{ id: 'vitamins', name: 'Vitamins' },
	{ id: 'inflammation', name: 'Inflammation' },
	{ id: 'coagulation', name: 'Coagulation' },
	{ id: 'serology', name: 'Serology' },
	{ id: 'urinalysis', name: 'Urinalysis' },
	{ id: 'other', name: 'Other values' },
] as const

export type SummaryGroupId = (typeof SUMMARY_GROUPS)[number]['id']

export type SummaryGroup = { id: SummaryGroupId; name: string; parameters: SummaryParameter[] }

/**
 * The printable summary: per parameter (rows come oldest first) the latest value and the earlier
 * ones, newest first; the parameters by clinical group in SUMMARY_GROUPS' order, and within a
 * group those whose latest value is outside its range first, then by name. Empty groups are left out.
 */
export function summarizeRows(rows: readonly TrendsExportRow[], groupOf: (code: string) => SummaryGroupId = () => 'other'): SummaryGroup[] {
	const byCode = new Map<string, TrendsExportRow[]>()
	for (const row of rows) {
		const list = byCode.get(row.code) ?? []
		list.push(row)
		byCode.set(row.code, list)
	}
	const parameters = [...byCode.entries()].map(([code, list]): SummaryParameter => {
		const newestFirst = [...list].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
		return { code, name: newestFirst[0]!.parameter, latest: newestFirst[0]!, previous: newestFirst.slice(1) }
	})
	return SUMMARY_GROUPS.map((group) => ({
		id: group.id,
		name: group.name,
		parameters: parameters
			.filter((parameter) => groupOf(parameter.code) === group.id)
			.sort((a, b) => Number(b.latest.isOutsideRange) - Number(a.latest.isOutsideRange) || a.name.localeCompare(b.name)),
	})).filter((group) => group.parameters.length > 0)
}

/** The export's filters, from the /trends state. */
export type TrendsExportFilters = { range: TimeRange; metric: MetricId | null }

function exportQuery(filters: TrendsExportFilters) {
	const params = new URLSearchParams({ range: filters.range })
	if (filters.metric) params.set('metric', filters.metric)
	return params.toString()
}

/** GET /trends/export.csv with the page's filters. */
export function trendsCsvHref(filters: TrendsExportFilters): string {
	return `/trends/export.csv?${exportQuery(filters)}`
}

/** GET /trends/summary with the page's filters. */
export function trendsSummaryHref(filters: TrendsExportFilters): string {
	return `/trends/summary?${exportQuery(filters)}`
}
