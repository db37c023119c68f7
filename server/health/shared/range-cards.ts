import { noMetricDataInRangeMessage } from './messages.ts'
import { METRIC_IDS, buildMetricCard, type EmptyMetricCard, type MetricCard, type MetricId } from './metrics.ts'
import { TIME_RANGE_LABELS, TIME_RANGES, timeRangeStartDate, type TimeRange } from './time-range.ts'
import type { DateInput, HealthParameter, LocalDate } from './types.ts'

/**
 * The /trends overview cards for a time range. A card shows the newest
 * reading inside the range (ending today), compared with the newest reading at
 * least 30 days older, which may lie before the range: "versus the previous
 * month" is about the reading, not the window. When the range holds no
 * reading but an older one exists, the card is empty for that range and says
 * when the latest reading was, so the patient can widen the range.
 */

export type RangeEmptyMetricCard = EmptyMetricCard & {
	/** The newest reading before the range, when the range itself has none. */
	latestOutsideRange: { date: LocalDate; value: string } | null
}

export type RangeMetricCard = MetricCard | RangeEmptyMetricCard

export function buildRangeMetricCard(parameters: HealthParameter[], metricId: MetricId, options: { range: TimeRange; today: DateInput }): RangeMetricCard {
	const card = buildMetricCard(parameters, metricId, options.today)
	if (card.state === 'empty') return { ...card, latestOutsideRange: null }
	const start = timeRangeStartDate(options.range, options.today)
	if (start === null || card.latest.date >= start) return card
	return {
		state: 'empty',
		id: card.id,
		name: card.name,
		unit: card.unit,
		message: noMetricDataInRangeMessage(card.name, TIME_RANGE_LABELS[options.range]),
		latestOutsideRange: { date: card.latest.date, value: card.value },
	}
}

/** The four cards, in the spec's order. */
export function buildRangeMetricCards(parameters: HealthParameter[], options: { range: TimeRange; today: DateInput }): RangeMetricCard[] {
	return METRIC_IDS.map((metricId) => buildRangeMetricCard(parameters, metricId, options))
}

/** The chart shown before the patient picks a metric: which metric, over which range. */
export type DefaultChart = { metricId: MetricId; range: TimeRange }

/**
 * With no metric chosen, the overview shows the chart of the metric whose newest reading is the
 * most recent (the spec's order breaks a tie), over the chosen range when it holds that reading,
 * else over the shortest longer range that does (all time at the end). Null without any reading.
 */
export function chooseDefaultChart(cards: RangeMetricCard[], options: { range: TimeRange; today: DateInput }): DefaultChart | null {
	let best: { metricId: MetricId; date: LocalDate; isInRange: boolean } | null = null
	for (const card of cards) {
		const newest =
			card.state === 'ready'
				? { date: card.latest.date, isInRange: true }
				: card.latestOutsideRange
					? { date: card.latestOutsideRange.date, isInRange: false }
					: null
		if (newest && (best === null || newest.date > best.date)) best = { metricId: card.id, ...newest }
	}
	if (!best) return null
	if (best.isInRange) return { metricId: best.metricId, range: options.range }
	const longer = TIME_RANGES.slice(TIME_RANGES.indexOf(options.range) + 1)
	const date = best.date
	const range = longer.find((candidate) => {
		const start = timeRangeStartDate(candidate, options.today)
		return start === null || date >= start
	})
	return { metricId: best.metricId, range: range ?? 'all' }
}
