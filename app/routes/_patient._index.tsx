import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { HealthSummary } from '#app/components/dashboard/health-summary.tsx'
import { RecentActivity } from '#app/components/dashboard/recent-activity.tsx'
import { AlertsCard, DocumentsCard, HealthScoreCard, NextAppointmentCard } from '#app/components/dashboard/summary-cards.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { useRevalidateOnLiveEvents } from '#app/components/notifications/live-notifications.ts'
import { DASHBOARD_TEXTS } from '#server/health/shared/texts.ts'
import { requirePatient } from '#server/auth/index.ts'
import { getOrganizationSubscription } from '#server/billing/index.ts'
import { getDashboard, patientToday } from '#server/health/index.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	const now = new Date()
	const [subscription, dashboard] = await Promise.all([
		getOrganizationSubscription(patient.organizationId),
		getDashboard(patient, { today: patientToday(patient.user.timeZone, now), now }),
	])
	return {
		firstName: patient.user.name.split(/\s+/)[0] ?? patient.user.name,
		timeZone: patient.user.timeZone,
		subscription,
		dashboard,
	}
}

export const meta: MetaFunction = () => [{ title: 'Dashboard · Carebook' }]

const QUICK_LINKS = [
	{ to: '/records', label: DASHBOARD_TEXTS.linkRecords, description: 'Your documents and lab values' },
	{ to: '/trends', label: DASHBOARD_TEXTS.linkTrends, description: 'Metrics, predictions and risk' },
	{ to: '/upload', label: DASHBOARD_TEXTS.linkUpload, description: 'Add a lab report, note or scan' },
] as const

export default function DashboardRoute() {
	const { firstName, timeZone, subscription, dashboard } = useLoaderData<typeof loader>()
	// counters and recent activity follow the live notifications, as the bell does
	useRevalidateOnLiveEvents()
	return (
		<div className="mx-auto max-w-6xl space-y-6">
			<div>
				<h1 className="text-2xl font-bold tracking-tight">{DASHBOARD_TEXTS.title}</h1>
				<p className="mt-1 text-slate-600 dark:text-slate-300">{DASHBOARD_TEXTS.welcome(firstName)}</p>
			</div>

			<div className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
				<DocumentsCard counts={dashboard.documents} />
				<AlertsCard alerts={dashboard.alerts} hasValues={dashboard.hasParameters} />
				<NextAppointmentCard appointment={dashboard.nextAppointment} />
				<HealthScoreCard score={dashboard.healthScore} />
			</div>

			<nav aria-label={DASHBOARD_TEXTS.quickLinks}>
				<ul className="grid gap-4 sm:grid-cols-3">
					{QUICK_LINKS.map((link) => (
						<li key={link.to}>
							<Link
								to={link.to}
								className="block rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-700 dark:bg-slate-900"
							>
								<span className="block font-semibold text-brand-700 dark:text-brand-100">{link.label}</span>
								<span className="block text-sm text-slate-600 dark:text-slate-300">{link.description}</span>
							</Link>
						</li>
					))}
				</ul>
			</nav>

			<div className="grid gap-6 lg:grid-cols-3">
				<Card className="lg:col-span-2">
					<RecentActivity events={dashboard.activity} timeZone={timeZone} />
				</Card>
				<div className="space-y-6">
					<Card>
						<HealthSummary metrics={dashboard.metrics} risks={dashboard.risks} />
					</Card>
					<Card>
						<h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{DASHBOARD_TEXTS.plan}</h2>
						{subscription ? (
							<p className="mt-2 text-lg" data-testid="plan-summary">
								{subscription.planName}
								{subscription.status === 'trialing'
									? ` — trial, ${subscription.trialDaysRemaining} day${subscription.trialDaysRemaining === 1 ? '' : 's'} left`
									: ` — ${subscription.status.replace('_', ' ')}`}
							</p>
						) : (
							<p className="mt-2 text-slate-600">{DASHBOARD_TEXTS.noPlan}</p>
						)}
						<Link to="/subscription" className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100">
							Manage subscription
						</Link>
					</Card>
				</div>
			</div>
		</div>
	)
}
