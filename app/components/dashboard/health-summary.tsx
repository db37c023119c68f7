import { Link } from '@remix-run/react'
import { Badge } from '#app/components/ui/badge.tsx'
import { formatHealthDate } from '#server/health/shared/format.ts'
import { DASHBOARD_TEXTS } from '#server/health/shared/texts.ts'
import { RISK_LEVEL_BADGE_TONES, RISK_LEVEL_LABELS, TREND_ARROWS, describeTrend } from '#server/health/shared/trend-style.ts'
import type { RiskSummary } from '#server/health/dashboard.ts'
import type { EmptyMetricCard, MetricCard } from '#server/health/shared/metrics.ts'

/** The latest value of each metric and the three risk levels, each with where to look further. */
export function HealthSummary({ metrics, risks }: { metrics: (MetricCard | EmptyMetricCard)[]; risks: RiskSummary[] }) {
	const ready = metrics.filter((metric): metric is MetricCard => metric.state === 'ready')
	return (
		<section aria-labelledby="health-summary-heading" data-testid="health-summary">
			<h2 id="health-summary-heading" className="text-lg font-semibold">
				{DASHBOARD_TEXTS.healthSummary}
			</h2>
			{ready.length === 0 ? (
				<p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{DASHBOARD_TEXTS.summaryEmpty}</p>
			) : (
				<dl className="mt-3 divide-y divide-slate-100 text-sm dark:divide-slate-800">
					{ready.map((metric) => (
						<div key={metric.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
							<dt className="font-medium">
								<Link to={`/trends?range=all&tab=overview&metric=${metric.id}`} className="hover:underline">
									{metric.name}
								</Link>
							</dt>
							<dd className="text-right">
								<span className="font-semibold">
									{metric.value}
									{metric.unit ? ` ${metric.unit}` : ''}
								</span>{' '}
								<span className="text-xs text-slate-500 dark:text-slate-400">({formatHealthDate(metric.latest.date)})</span>
								<span className="block text-xs text-slate-500 dark:text-slate-400">
									{metric.trend ? <span aria-hidden="true">{TREND_ARROWS[metric.trend]} </span> : null}
									{describeTrend(metric.trend, metric.trendValue, metric.trendLabel)}
								</span>
							</dd>
						</div>
					))}
				</dl>
			)}
			<h3 className="mt-4 text-sm font-semibold">{DASHBOARD_TEXTS.risks}</h3>
			<ul className="mt-2 space-y-1 text-sm">
				{risks.map((risk) => (
					<li key={risk.area} className="flex items-center justify-between gap-2">
						<span>{risk.title}</span>
						{risk.level ? (
							<Badge tone={RISK_LEVEL_BADGE_TONES[risk.level]}>
								{RISK_LEVEL_LABELS[risk.level]} ({risk.score}/100)
							</Badge>
						) : (
							<Badge>Not enough data</Badge>
						)}
					</li>
				))}
			</ul>
			<p className="mt-3 text-sm">
				<Link to="/trends?tab=risk" className="font-medium text-brand-700 hover:underline dark:text-brand-100">
					{DASHBOARD_TEXTS.viewRiskAssessment}
				</Link>
			</p>
		</section>
	)
}
