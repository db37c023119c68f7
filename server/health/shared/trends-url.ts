import { MANUAL_READING_KINDS, type ManualReadingKind } from './manual-reading.ts'
import { METRIC_IDS, type MetricId } from './metrics.ts'
import { DEFAULT_TIME_RANGE, parseTimeRange, type TimeRange } from './time-range.ts'

/**
 * The /trends page keeps its state in the URL (?range=6m&tab=overview&metric=glucose&reading=weight)
 * so it works without JavaScript, survives a reload and can be bookmarked.
 */

export const TRENDS_TABS = ['overview', 'predictions', 'risk'] as const
export type TrendsTab = (typeof TRENDS_TABS)[number]
export const DEFAULT_TRENDS_TAB: TrendsTab = 'overview'

export const TRENDS_TAB_LABELS: Record<TrendsTab, string> = {
	overview: 'Overview',
	predictions: 'Predictions',
	risk: 'Risk Assessment',
}

export const DEFAULT_READING_KIND: ManualReadingKind = 'blood_pressure'

export type TrendsState = {
	range: TimeRange
	tab: TrendsTab
	metric: MetricId | null
	/** The kind of reading the add-reading form shows. */
	reading: ManualReadingKind
}

function isOneOf<T extends string>(values: readonly T[], value: string | null): value is T {
	return value !== null && (values as readonly string[]).includes(value)
}

/** The page state from the query string; anything unknown falls back to the default. */
export function parseTrendsState(searchParams: URLSearchParams): TrendsState {
	const tab = searchParams.get('tab')
	const metric = searchParams.get('metric')
	const reading = searchParams.get('reading')
	return {
		range: parseTimeRange(searchParams.get('range')),
		tab: isOneOf(TRENDS_TABS, tab) ? tab : DEFAULT_TRENDS_TAB,
		metric: isOneOf(METRIC_IDS, metric) ? metric : null,
		reading: isOneOf(MANUAL_READING_KINDS, reading) ? reading : DEFAULT_READING_KIND,
	}
}

/**
 * A link to /trends with some of the state changed. The range and tab are
 * always written; the metric only when one is chosen; the reading kind only
 * when it is not the default. An optional hash jumps to a section.
 */
export function trendsHref(state: TrendsState, changes: Partial<TrendsState> = {}, hash?: string): string {
	const next = { ...state, ...changes }
	const params = new URLSearchParams({ range: next.range, tab: next.tab })
	if (next.metric) params.set('metric', next.metric)
	if (next.reading !== DEFAULT_READING_KIND) params.set('reading', next.reading)
	return `/trends?${params}${hash ? `#${hash}` : ''}`
}

export const DEFAULT_TRENDS_STATE: TrendsState = {
	range: DEFAULT_TIME_RANGE,
	tab: DEFAULT_TRENDS_TAB,
	metric: null,
	reading: DEFAULT_READING_KIND,
}

/** The kind of manual reading that feeds each metric (BMI comes from weight and height). */
export const READING_KIND_FOR_METRIC: Record<MetricId, ManualReadingKind> = {
	'blood-pressure': 'blood_pressure',
	cholesterol: 'cholesterol',
	glucose: 'glucose',
	bmi: 'weight',
}

/** Where 'Add a reading' for a metric goes. */
export function addReadingHref(state: TrendsState, metricId: MetricId): string {
	return trendsHref(state, { tab: 'overview', reading: READING_KIND_FOR_METRIC[metricId] }, 'add-reading')
}
