import type { Patient } from '#server/auth/patient.ts'
import { selectDocumentTitles } from '#server/documents/store/index.ts'
import { withTenant, type TenantTransaction } from '#server/tenancy/index.ts'
import { calculateHealthScore, type HealthScore } from '#server/health/shared/health-score.ts'
import { riskProfileOf, type HealthProfile } from '#server/health/shared/health-profile.ts'
import { selectHealthProfile, selectManualReadings, selectParameterValues, selectRecentParameterValues } from './health-data.ts'
import type { ManualReadingEntry } from '#server/health/shared/manual-reading-groups.ts'
import { METRIC_DEFINITIONS, type MetricId } from '#server/health/shared/metrics.ts'
import { predictMetrics, type InsufficientPrediction, type MetricPrediction } from '#server/health/shared/predictions.ts'
import { buildRangeMetricCards, chooseDefaultChart, type RangeMetricCard } from '#server/health/shared/range-cards.ts'
import { assessHealthRisks, type RiskAssessment } from '#server/health/shared/risk.ts'
import { buildMetricSeries, buildParameterSeries, buildParameterTrends, type MetricSeries } from '#server/health/shared/series.ts'
import { DEFAULT_PARAMETER_TREND_DAYS, DEFAULT_TREND_DAYS, timeRangeStartDate, trendWindowStartDate, type TimeRange } from '#server/health/shared/time-range.ts'
import type { HealthParameter, LocalDate } from '#server/health/shared/types.ts'
import {
	RECENT_PREDICTION_DAYS,
	RECENT_READINGS_DAYS,
	codesNeedingWholeHistory,
	codesOfNeeds,
	mergeHistory,
	metricCardNeeds,
	predictionNeeds,
	riskNeeds,
	type HistoryNeed,
} from '#server/health/shared/recent-history.ts'

/**
 * What the /trends page, the dashboard and the health API show: the stored
 * parameters read through health-data.ts, handed to the pure functions with
 * the patient's 'today'. Each read is limited to the codes it needs and, where
 * the calculation allows, to the window's dates; cards, predictions and risk
 * read the recent history first and older rows only for what it does not
 * answer (shared/recent-history.ts).
 */

/** Codes the four metrics are computed from. */
export const METRIC_CODES = [...new Set(Object.values(METRIC_DEFINITIONS).flatMap((definition) => definition.codes))]
/** Codes the risk assessment reads. */
export const RISK_CODES = [...new Set([...METRIC_CODES, 'ldl', 'hdl', 'triglycerides', 'hba1c'])]

/**
 * Rows that answer every need as the whole history would: the recent history
 * of their codes, and the whole history of the codes of each need it does not
 * answer.
 */
export async function selectHistoryFor(
	tx: TenantTransaction,
	patient: Patient,
	needs: HistoryNeed[],
	options: { until: LocalDate; days: number },
): Promise<HealthParameter[]> {
	const recent = await selectRecentParameterValues(tx, patient, { codes: codesOfNeeds(needs), ...options })
	if (recent.since === null) return []
	const wholeCodes = codesNeedingWholeHistory(needs, recent.rows, recent.since)
	if (wholeCodes.length === 0) return recent.rows
	const whole = await selectParameterValues(tx, patient, { codes: wholeCodes, until: options.until })
	return mergeHistory(recent.rows, whole, wholeCodes)
}

function selectCardHistory(tx: TenantTransaction, patient: Patient, today: LocalDate) {
	// The comparison reading may predate the range: the cards' history does not depend on it.
	return selectHistoryFor(tx, patient, metricCardNeeds(today), { until: today, days: RECENT_READINGS_DAYS })
}

/** The overview cards for a time range (see range-cards.ts). */
export async function getMetricCards(patient: Patient, options: { range: TimeRange; today: LocalDate }): Promise<RangeMetricCard[]> {
	const parameters = await withTenant(patient.organizationId, (tx) => selectCardHistory(tx, patient, options.today))
	return buildRangeMetricCards(parameters, options)
}

async function selectMetricWindow(tx: TenantTransaction, patient: Patient, metricId: MetricId, since: LocalDate | null, today: LocalDate) {
	const codes = METRIC_DEFINITIONS[metricId].codes
	if (metricId !== 'bmi') return selectParameterValues(tx, patient, { codes, since, until: today })
	// A BMI from weight uses the newest height, which may have been measured before the window.
	const [windowRows, heights] = [
		await selectParameterValues(tx, patient, { codes: ['bmi', 'weight'], since, until: today }),
		await selectParameterValues(tx, patient, { codes: ['height'], until: today }),
	]
	return [...windowRows, ...heights]
}

/** One metric over a time range, for its chart. */
export async function getMetricSeries(patient: Patient, options: { metricId: MetricId; range: TimeRange; today: LocalDate }): Promise<MetricSeries> {
	const since = timeRangeStartDate(options.range, options.today)
	const parameters = await withTenant(patient.organizationId, (tx) => selectMetricWindow(tx, patient, options.metricId, since, options.today))
	return buildMetricSeries(parameters, options.metricId, { range: options.range, today: options.today })
}

/** Cards, the chosen metric's series and the manual readings: the overview tab in one transaction. */
export async function getTrendsOverview(
	patient: Patient,
	options: { range: TimeRange; today: LocalDate; metricId: MetricId | null },
): Promise<{ cards: RangeMetricCard[]; series: MetricSeries | null; isDefaultChart: boolean; readings: ManualReadingEntry[] }> {
	return withTenant(patient.organizationId, async (tx) => {
		const cards = buildRangeMetricCards(await selectCardHistory(tx, patient, options.today), options)
		const readings = await selectManualReadings(tx, patient)
		// No metric chosen: the one with the most recent data, over a range that holds it (range-cards.ts).
		const chart = options.metricId ? { metricId: options.metricId, range: options.range } : chooseDefaultChart(cards, options)
		if (!chart) return { cards, series: null, isDefaultChart: false, readings }
		const since = timeRangeStartDate(chart.range, options.today)
		const window = await selectMetricWindow(tx, patient, chart.metricId, since, options.today)
		const series = buildMetricSeries(window, chart.metricId, { range: chart.range, today: options.today })
		return { cards, series, isDefaultChart: !options.metricId, readings }
	})
}

/** Predictions for the four metrics (each from its own last 7 months with readings). */
export async function getPredictions(patient: Patient, options: { today: LocalDate }): Promise<(MetricPrediction | InsufficientPrediction)[]> {
	const parameters = await withTenant(patient.organizationId, (tx) =>
		selectHistoryFor(tx, patient, predictionNeeds(options.today), { until: options.today, days: RECENT_PREDICTION_DAYS }),
	)
	return predictMetrics(parameters, options.today)
}

/** Where a value used by an assessment came from: a document (with its title) or the patient's own entry. */
export type ValueProvenance = { source: 'document'; documentId: string; title: string } | { source: 'manual' }

export type RiskOverview = {
	assessment: RiskAssessment
	healthScore: HealthScore
	profile: HealthProfile
	/** Keyed by `${code}:${date}` of each value used. */
	provenance: Record<string, ValueProvenance[]>
}

export function provenanceKey(code: string, date: LocalDate) {
	return `${code}:${date}`
}

async function describeProvenance(
	tx: TenantTransaction,
	patient: Patient,
	assessment: RiskAssessment,
	parameters: HealthParameter[],
): Promise<Record<string, ValueProvenance[]>> {
	const used = [assessment.cardiovascular, assessment.diabetes, assessment.hypertension].flatMap((area) => area.valuesUsed)
	const rowsByKey = new Map<string, HealthParameter[]>()
	for (const value of used) {
		// A BMI computed from weight and height comes from the weight row of that day.
		const codes = value.code === 'bmi' ? ['bmi', 'weight'] : [value.code]
		const rows = parameters.filter((row) => codes.includes(row.code) && row.testDate === value.date)
		rowsByKey.set(provenanceKey(value.code, value.date), rows)
	}
	const documentIds = [...new Set([...rowsByKey.values()].flat().flatMap((row) => (row.documentId ? [row.documentId] : [])))]
	const titles = await selectDocumentTitles(tx, patient, documentIds)
	const provenance: Record<string, ValueProvenance[]> = {}
	for (const [key, rows] of rowsByKey) {
		const sources: ValueProvenance[] = []
		const seen = new Set<string>()
		for (const row of rows) {
			const id = row.documentId ?? 'manual'
			if (seen.has(id)) continue
			seen.add(id)
			if (row.documentId && titles.has(row.documentId)) {
				sources.push({ source: 'document', documentId: row.documentId, title: titles.get(row.documentId)! })
			} else if (row.source === 'manual') {
				sources.push({ source: 'manual' })
			}
		}
		provenance[key] = sources
	}
	return provenance
}

/** The three risk assessments, the Health Score and the profile they used. */
export async function getRiskOverview(patient: Patient, options: { today: LocalDate }): Promise<RiskOverview> {
	return withTenant(patient.organizationId, async (tx) => {
		const parameters = await selectHistoryFor(tx, patient, riskNeeds(options.today), {
			until: options.today,
			days: RECENT_READINGS_DAYS,
		})
		const profile = await selectHealthProfile(tx, patient)
		const assessment = assessHealthRisks(parameters, riskProfileOf(profile), options.today)
		return {
			assessment,
			healthScore: calculateHealthScore(assessment),
			profile,
			provenance: await describeProvenance(tx, patient, assessment, parameters),
		}
	})
}

/** spec 7.1 GET /health/trends?days=n: every parameter with a reading in the last n days (default 180). */
export async function getParameterTrends(patient: Patient, options: { today: LocalDate; days?: number }) {
	const days = options.days ?? DEFAULT_TREND_DAYS
	const parameters = await withTenant(patient.organizationId, (tx) =>
		selectParameterValues(tx, patient, { since: trendWindowStartDate(days, options.today), until: options.today }),
	)
	return buildParameterTrends(parameters, { today: options.today, days })
}

/** spec 7.1 GET /health/parameters/{code}/trends?days=n: one parameter over the last n days (default 90). */
export async function getParameterSeries(patient: Patient, options: { code: string; today: LocalDate; days?: number }) {
	const days = options.days ?? DEFAULT_PARAMETER_TREND_DAYS
	const parameters = await withTenant(patient.organizationId, (tx) =>
		selectParameterValues(tx, patient, {
			codes: [options.code],
			since: trendWindowStartDate(days, options.today),
			until: options.today,
		}),
	)
	return buildParameterSeries(parameters, options.code, { today: options.today, days })
}
