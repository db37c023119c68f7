import { Link } from '@remix-run/react'
import { cn } from '#app/lib/cn.ts'
import { formatHealthDate, unitSuffix } from '#server/health/shared/format.ts'
import { TRENDS_TEXTS } from '#server/health/shared/texts.ts'
import { TREND_ARROWS, TREND_TEXT_CLASSES, describeTrend } from '#server/health/shared/trend-style.ts'
import type { RangeMetricCard } from '#server/health/shared/range-cards.ts'

/**
 * One overview card (spec 2.5): name, latest value and unit, trend arrow and
 * percentage from last month. The whole card opens the metric's chart. A card
 * without data says so and offers an upload or a reading.
 */
export function MetricCard({
	card,
	isSelected,
	chartHref,
	addReadingHref,
	allTimeHref,
}: {
	card: RangeMetricCard
	isSelected: boolean
	chartHref: string
	addReadingHref: string
	allTimeHref: string
}) {
	if (card.state === 'empty') {
		return (
			<div
				className="flex h-full flex-col rounded-lg border border-dashed border-slate-300 bg-white p-5 dark:border-slate-600 dark:bg-slate-900"
				data-testid={`metric-card-${card.id}`}
			>
				<h3 className="text-sm font-medium text-slate-600 dark:text-slate-300">{card.name}</h3>
				<p className="mt-2 text-sm text-slate-700 dark:text-slate-200">{card.message}</p>
				{card.latestOutsideRange ? (
					<p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
						{TRENDS_TEXTS.latestOutsideRange(`${card.latestOutsideRange.value}${unitSuffix(card.unit)}`, formatHealthDate(card.latestOutsideRange.date))}{' '}
						<Link to={allTimeHref} className="font-medium text-brand-700 underline dark:text-brand-100">
							{TRENDS_TEXTS.showAllTime}
						</Link>
					</p>
				) : null}
				<div className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-3 text-sm">
					<Link to="/upload" className="font-medium text-brand-700 hover:underline dark:text-brand-100">
						{TRENDS_TEXTS.uploadDocument}
					</Link>
					<Link to={addReadingHref} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
						{TRENDS_TEXTS.addReading}
					</Link>
				</div>
			</div>
		)
	}
	const trendText = describeTrend(card.trend, card.trendValue, card.trendLabel)
	return (
		<div
			className={cn(
				'relative flex h-full flex-col rounded-lg border bg-white p-5 shadow-sm transition focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-500 dark:bg-slate-900',
				isSelected ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200 dark:border-slate-700',
			)}
			data-testid={`metric-card-${card.id}`}
		>
			<h3 className="text-sm font-medium text-slate-600 dark:text-slate-300">
				<Link to={chartHref} preventScrollReset aria-current={isSelected ? 'true' : undefined} className="after:absolute after:inset-0 focus:outline-none">
					{card.name}
					<span className="sr-only"> {TRENDS_TEXTS.openChart}</span>
				</Link>
			</h3>
			<p className="mt-2 flex items-baseline gap-1">
				<span className="text-3xl font-semibold tracking-tight" data-testid="metric-value">
					{card.value}
				</span>
				{card.unit ? <span className="text-sm text-slate-500 dark:text-slate-400">{card.unit}</span> : null}
			</p>
			{card.partialNote ? (
				<p className="text-xs text-slate-500 dark:text-slate-400" data-testid="metric-partial">
					{card.partialNote}
				</p>
			) : null}
			<p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{TRENDS_TEXTS.latestOn(formatHealthDate(card.latest.date))}</p>
			<p className={cn('mt-3 text-sm font-medium', TREND_TEXT_CLASSES[card.trendColor])} data-testid="metric-trend">
				{card.trend ? <span aria-hidden="true">{TREND_ARROWS[card.trend]} </span> : null}
				{trendText}
			</p>
			{card.comparedWith ? (
				<p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
					{TRENDS_TEXTS.comparedWith(`${card.comparedWith.value}${unitSuffix(card.unit)}`, formatHealthDate(card.comparedWith.date))}
				</p>
			) : null}
		</div>
	)
}
