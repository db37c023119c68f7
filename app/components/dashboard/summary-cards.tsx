import { Link } from '@remix-run/react'
import { Badge } from '#app/components/ui/badge.tsx'
import { formatHealthDate, formatHealthDateTime } from '#server/health/shared/format.ts'
import { DASHBOARD_TEXTS } from '#server/health/shared/texts.ts'
import { healthScoreTone } from '#server/health/shared/trend-style.ts'
import type { HealthAlert } from '#server/health/shared/alerts.ts'
import type { DashboardAppointment, DocumentCounts } from '#server/health/dashboard.ts'
import type { HealthScore } from '#server/health/shared/health-score.ts'
import { StatCard, StatLink } from './stat-card.tsx'

const ALERTS_SHOWN = 3

export function DocumentsCard({ counts }: { counts: DocumentCounts }) {
	return (
		<StatCard title={DASHBOARD_TEXTS.documents} testId="dashboard-documents">
			<p className="text-3xl font-semibold" data-testid="documents-count">
				{counts.total}
			</p>
			<p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
				{counts.total === 0 ? 'No documents yet.' : DASHBOARD_TEXTS.documentsDetail(counts.processed, counts.pending, counts.failed)}
			</p>
			{counts.total === 0 ? <StatLink to="/upload">{DASHBOARD_TEXTS.linkUpload}</StatLink> : <StatLink to="/records">{DASHBOARD_TEXTS.viewRecords}</StatLink>}
		</StatCard>
	)
}

function alertLink(alert: HealthAlert) {
	return alert.documentId ? `/records/${alert.documentId}` : '/trends#manual-readings'
}

export function AlertsCard({ alerts, hasValues }: { alerts: HealthAlert[]; hasValues: boolean }) {
	return (
		<StatCard title={DASHBOARD_TEXTS.alerts} testId="dashboard-alerts">
			<p className="text-3xl font-semibold" data-testid="alerts-count">
				{alerts.length}
			</p>
			<p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
				{!hasValues ? DASHBOARD_TEXTS.noValues : alerts.length === 0 ? DASHBOARD_TEXTS.noAlerts : DASHBOARD_TEXTS.alertsDetail(alerts.length)}
			</p>
			{alerts.length ? (
				<ul className="mt-2 space-y-1 text-sm">
					{alerts.slice(0, ALERTS_SHOWN).map((alert) => (
						<li key={alert.parameterId}>
							<Link to={alertLink(alert)} className="text-slate-800 hover:underline dark:text-slate-100">
								<span className={alert.status === 'low' ? 'font-medium text-amber-700 dark:text-amber-300' : 'font-medium text-red-700 dark:text-red-300'}>
									{alert.status === 'critical' ? 'Critical' : alert.status === 'high' ? 'High' : 'Low'}:
								</span>{' '}
								{alert.name} {alert.value}
								{alert.unit ? ` ${alert.unit}` : ''} ({formatHealthDate(alert.testDate)})
							</Link>
						</li>
					))}
					{alerts.length > ALERTS_SHOWN ? (
						<li className="text-slate-500 dark:text-slate-400">{DASHBOARD_TEXTS.moreAlerts(alerts.length - ALERTS_SHOWN)}</li>
					) : null}
				</ul>
			) : null}
			{hasValues ? <StatLink to="/trends">{DASHBOARD_TEXTS.viewTrends}</StatLink> : <StatLink to="/upload">{DASHBOARD_TEXTS.linkUpload}</StatLink>}
		</StatCard>
	)
}

export function NextAppointmentCard({ appointment }: { appointment: DashboardAppointment | null }) {
	return (
		<StatCard title={DASHBOARD_TEXTS.nextAppointment} testId="dashboard-next-appointment">
			{appointment ? (
				<>
					<p className="text-lg font-semibold">
						<Link to={`/appointments/${appointment.id}`} className="hover:underline">
							{appointment.title}
						</Link>
					</p>
					<p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
						{appointment.provider} · {appointment.specialty}
					</p>
					<p className="mt-1 text-sm font-medium">{formatHealthDateTime(appointment.startsAt, appointment.timeZone)}</p>
					{appointment.status === 'pending' ? <Badge className="mt-2 self-start">Pending</Badge> : null}
					<StatLink to="/appointments">{DASHBOARD_TEXTS.viewAppointments}</StatLink>
				</>
			) : (
				<>
					<p className="text-sm text-slate-600 dark:text-slate-300">{DASHBOARD_TEXTS.noAppointments}</p>
					<StatLink to="/appointments/new">{DASHBOARD_TEXTS.bookAppointment}</StatLink>
				</>
			)}
		</StatCard>
	)
}

export function HealthScoreCard({ score }: { score: HealthScore }) {
	return (
		<StatCard title={DASHBOARD_TEXTS.healthScore} testId="dashboard-health-score">
			{score.status === 'scored' ? (
				<>
					<p className="flex items-baseline gap-2" title={score.explanation}>
						<span className="text-3xl font-semibold" data-testid="health-score">
							{score.score}
						</span>
						<span className="text-sm text-slate-500 dark:text-slate-400">/ 100</span>
						<Badge tone={healthScoreTone(score.label)}>{score.label}</Badge>
					</p>
					<details className="mt-2 text-sm">
						<summary className="cursor-pointer font-medium text-brand-700 dark:text-brand-100">{DASHBOARD_TEXTS.howComputed}</summary>
						<p className="mt-1 text-slate-600 dark:text-slate-300" data-testid="health-score-explanation">
							{score.explanation}
						</p>
						<p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{score.disclaimer}</p>
					</details>
				</>
			) : (
				<p className="text-sm text-slate-600 dark:text-slate-300" data-testid="health-score-explanation">
					{score.explanation}
				</p>
			)}
			<StatLink to="/trends?tab=risk">{DASHBOARD_TEXTS.viewRiskAssessment}</StatLink>
		</StatCard>
	)
}
