import { getNextAppointment } from '#server/appointments/index.ts'
import type { Patient } from '#server/auth/patient.ts'
import { selectDocumentCounts, selectRecentDocuments, type DocumentCounts } from '#server/documents/store/index.ts'
import { withTenant, type TenantTransaction } from '#server/tenancy/index.ts'
import { buildRecentActivity, RECENT_ACTIVITY_LIMIT, type ActivityDocument, type ActivityEvent } from '#server/health/shared/activity.ts'
import { findAbnormalAlerts, type HealthAlert } from '#server/health/shared/alerts.ts'
import { selectHistoryFor } from './analytics.ts'
import { calculateHealthScore, type HealthScore } from '#server/health/shared/health-score.ts'
import { riskProfileOf } from '#server/health/shared/health-profile.ts'
import { summarizeDocumentValues } from './document-value-summary.ts'
import { EMPTY_VALUE_SUMMARY } from '#server/health/shared/value-summary.ts'
import { selectHealthProfile, selectLatestParameters, selectManualReadings } from './health-data.ts'
import { buildMetricCards, type EmptyMetricCard, type MetricCard } from '#server/health/shared/metrics.ts'
import { assessHealthRisks, type RiskArea, type RiskLevel } from '#server/health/shared/risk.ts'
import type { LocalDate } from '#server/health/shared/types.ts'
import { RECENT_READINGS_DAYS, metricCardNeeds, riskNeeds } from '#server/health/shared/recent-history.ts'

/**
 * The dashboard (/) in one read: document counts, alerts from the latest
 * values, the next appointment, the Health Score with its explanation, a
 * health summary and the recent activity. Everything is the patient's own
 * data; nothing is a sample value.
 */

export type DashboardAppointment = {
	id: string
	title: string
	provider: string
	specialty: string
	status: 'confirmed' | 'pending' | 'cancelled'
	startsAt: Date
	durationMinutes: number
	timeZone: string
}

/** The next appointment from the appointments store (only what the card shows). */
async function findNextAppointment(patient: Patient, now: Date): Promise<DashboardAppointment | null> {
	const next = await getNextAppointment(patient, now)
	if (!next) return null
	const { id, title, provider, specialty, status, startsAt, durationMinutes, timeZone } = next
	return { id, title, provider, specialty, status, startsAt, durationMinutes, timeZone }
}

export type { DocumentCounts }

export type RiskSummary = { area: RiskArea; title: string; level: RiskLevel | null; score: number | null }

export type Dashboard = {
	today: LocalDate
	documents: DocumentCounts
	/** Whether the patient has any health parameter at all (alerts say 'none abnormal' only then). */
	hasParameters: boolean
	alerts: HealthAlert[]
	nextAppointment: DashboardAppointment | null
	healthScore: HealthScore
	risks: RiskSummary[]
	metrics: (MetricCard | EmptyMetricCard)[]
	activity: ActivityEvent[]
}

/** The newest documents with each one's value summary (the same as its notification's and its page's). */
async function selectActivityDocuments(tx: TenantTransaction, patient: Patient): Promise<ActivityDocument[]> {
	const recent = await selectRecentDocuments(tx, patient, RECENT_ACTIVITY_LIMIT)
	const summaries = await summarizeDocumentValues(
		tx,
		recent.map((document) => document.id),
	)
	return recent.map((document) => ({ ...document, values: summaries.get(document.id) ?? EMPTY_VALUE_SUMMARY }))
}

/** Everything the dashboard shows, for `today` in the patient's zone and the current instant `now`. */
export async function getDashboard(patient: Patient, options: { today: LocalDate; now: Date }): Promise<Dashboard> {
	const data = await withTenant(patient.organizationId, async (tx) => {
		const counts = await selectDocumentCounts(tx, patient)
		const latest = await selectLatestParameters(tx, patient, options.today)
		const riskParameters = await selectHistoryFor(tx, patient, [...riskNeeds(options.today), ...metricCardNeeds(options.today)], {
			until: options.today,
			days: RECENT_READINGS_DAYS,
		})
		const profile = await selectHealthProfile(tx, patient)
		const activityDocuments = await selectActivityDocuments(tx, patient)
		const readings = await selectManualReadings(tx, patient, { limit: RECENT_ACTIVITY_LIMIT })
		return { counts, latest, riskParameters, profile, activityDocuments, readings }
	})
	const assessment = assessHealthRisks(data.riskParameters, riskProfileOf(data.profile), options.today)
	const areas = [assessment.cardiovascular, assessment.diabetes, assessment.hypertension]
	return {
		today: options.today,
		documents: data.counts,
		hasParameters: data.latest.length > 0,
		alerts: findAbnormalAlerts(data.latest, options.today),
		nextAppointment: await findNextAppointment(patient, options.now),
		healthScore: calculateHealthScore(assessment),
		risks: areas.map((area) => ({ area: area.area, title: area.title, level: area.level, score: area.score })),
		metrics: buildMetricCards(data.riskParameters, options.today),
		activity: buildRecentActivity(data.activityDocuments, data.readings),
	}
}
