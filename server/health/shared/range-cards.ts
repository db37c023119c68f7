import { noMetricDataInRangeMessage } from './messages.ts'
import { METRIC_IDS, buildMetricCard, type EmptyMetricCard, type MetricCard, type MetricId } from './metrics.ts'
import { TIME_RANGE_LABELS, timeRangeStartDate, type TimeRange } from './time-range.ts'
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
