import { Link } from '@remix-run/react'
import { Card } from '#app/components/ui/card.tsx'
import { describeMetricSeries, formatReferenceRange, metricChartModel } from '#server/health/shared/chart-data.ts'
import { metricChartGeometry } from '#server/health/shared/chart-geometry.ts'
import { formatHealthDate, unitSuffix } from '#server/health/shared/format.ts'
import { TRENDS_TEXTS } from '#server/health/shared/texts.ts'
import { HEALTH_OVERVIEW_PLACEHOLDER } from '#server/health/shared/messages.ts'
import { formatMetricValue } from '#server/health/shared/metrics.ts'
import { TIME_RANGE_LABELS } from '#server/health/shared/time-range.ts'
import type { MetricSeries } from '#server/health/shared/series.ts'
import { CHART_HEIGHT_CLASS } from './chart-size.ts'
import { LineChart } from './line-chart.tsx'

/** The 'Health Overview' card: the placeholder, or the chosen metric's chart over the time range. */
export function MetricDetail({
	series,
	chosenRangeLabel,
	isDefaultChart,
	closeHref,
	addReadingHref,
}: {
	series: MetricSeries | null
	/** The range the patient chose; the series may be over a longer one when it was chosen for them. */
	chosenRangeLabel: string
	/** No metric chosen: the series is the metric with the most recent data (analytics.ts). */
	isDefaultChart: boolean
	closeHref: string
	addReadingHref: string
}) {
	const rangeLabel = series ? TIME_RANGE_LABELS[series.range] : chosenRangeLabel
	return (
		<Card>
			<section aria-labelledby="health-overview-heading" data-testid="health-overview">
				<div className="flex flex-wrap items-start justify-between gap-2">
					<h2 id="health-overview-heading" className="text-lg font-semibold">
						{series ? TRENDS_TEXTS.chartTitle(series.name) : 'Health Overview'}
					</h2>
					{series && !isDefaultChart ? (
						<Link to={closeHref} preventScrollReset className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-100">
							{TRENDS_TEXTS.closeChart}
						</Link>
					) : null}
				</div>
				{series && isDefaultChart ? (
					<p className="mt-1 text-sm text-slate-600 dark:text-slate-300" data-testid="default-chart-note">
						{rangeLabel === chosenRangeLabel ? TRENDS_TEXTS.defaultChart : TRENDS_TEXTS.defaultChartWidened(chosenRangeLabel, rangeLabel)}
					</p>
				) : null}
				{series ? (
					<SeriesView series={series} rangeLabel={rangeLabel} addReadingHref={addReadingHref} />
				) : (
					<p className="mt-4 text-slate-600 dark:text-slate-300">{HEALTH_OVERVIEW_PLACEHOLDER}</p>
				)}
			</section>
		</Card>
	)
}

function SeriesView({ series, rangeLabel, addReadingHref }: { series: MetricSeries; rangeLabel: string; addReadingHref: string }) {
	const description = describeMetricSeries(series, rangeLabel)
	const suffix = unitSuffix(series.unit)
	const isBloodPressure = series.metricId === 'blood-pressure'
	const diastolicRange = isBloodPressure ? formatReferenceRange(series.diastolicReferenceRange, 'mmHg') : null
	return (
		<div className="mt-2 space-y-4">
			<p className="text-sm text-slate-600 dark:text-slate-300" data-testid="metric-chart-summary">
				{description}
				{diastolicRange ? ` Diastolic reference range: ${diastolicRange}.` : ''}
			</p>
			{series.points.length === 0 ? (
				<p className="text-sm">
					<Link to={addReadingHref} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
						{TRENDS_TEXTS.addReading}
					</Link>
				</p>
			) : (
				<>
					<div data-testid="metric-chart">
						<MetricChart series={series} label={description} />
					</div>
					<ul className="flex flex-wrap gap-x-6 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
						<li>{TRENDS_TEXTS.chartLegendBand}</li>
						<li>{TRENDS_TEXTS.chartLegendAbnormal}</li>
					</ul>
					<details className="text-sm">
						<summary className="cursor-pointer font-medium text-brand-700 dark:text-brand-100">{TRENDS_TEXTS.showTable}</summary>
						<table className="mt-3 w-full text-left">
							<caption className="sr-only">{description}</caption>
							<thead className="text-xs uppercase text-slate-500 dark:text-slate-400">
								<tr>
									<th scope="col" className="py-1 pr-4">
										{TRENDS_TEXTS.date}
									</th>
									<th scope="col" className="py-1 pr-4">
										{TRENDS_TEXTS.value}
									</th>
									<th scope="col" className="py-1">
										{TRENDS_TEXTS.status}
									</th>
								</tr>
							</thead>
							<tbody>
								{[...series.points].reverse().map((point) => (
									<tr key={point.date} className="border-t border-slate-100 dark:border-slate-800">
										<td className="py-1 pr-4">{formatHealthDate(point.date)}</td>
										<td className="py-1 pr-4">
											{formatMetricValue(series.metricId, point)}
											{suffix}
											{point.isDerived ? <span className="text-xs text-slate-500 dark:text-slate-400"> ({TRENDS_TEXTS.derivedBmi})</span> : null}
											{point.partialNote ? <span className="text-xs text-slate-500 dark:text-slate-400"> ({point.partialNote.toLowerCase()})</span> : null}
										</td>
										<td className={point.flag ? 'py-1 font-medium text-red-700 dark:text-red-300' : 'py-1'}>{point.gradeLabel}</td>
									</tr>
								))}
							</tbody>
						</table>
					</details>
				</>
			)}
		</div>
	)
}

function MetricChart({ series, label }: { series: MetricSeries; label: string }) {
	const model = metricChartModel(series)
	return <LineChart geometry={metricChartGeometry(model)} label={label} unit={model.unit} heightClass={CHART_HEIGHT_CLASS.metric} />
}
