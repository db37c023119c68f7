import { daysBetween, formatMonthLabel, monthKeyOf, toLocalDate } from './dates.ts'
import { NO_EARLIER_READING, TREND_FROM_LAST_MONTH, noMetricDataMessage, trendSinceMonthLabel } from './messages.ts'
import { bloodPressureReadings, bmiReadings, dailyReadingsForCode } from './readings.ts'
import { roundTo } from './units.ts'
import type { DateInput, HealthParameter, LocalDate, ParameterStatus, ReferenceRange, TrendDirection } from './types.ts'

/**
 * The four metrics of /trends and how their cards compare with last month.
 *
 * Previous-month rule: a card compares its latest reading with the newest
 * reading dated at least 30 days before it (COMPARISON_MIN_GAP_DAYS). Lab
 * values arrive irregularly, so "the mean of the previous calendar month" would
 * often be empty; this rule always finds the closest reading that is a month
 * or more older. When that reading is more than 62 days older the card says
 * "since <month>" instead of "from last month".
 *
 * Trend: percent change = (latest - previous) / previous x 100, rounded to one
 * decimal; 'stable' when the rounded change is within ±1 % (|change| < 1),
 * otherwise 'up' or 'down'. Blood pressure compares the systolic value.
 */

export const METRIC_IDS = ['blood-pressure', 'cholesterol', 'glucose', 'bmi'] as const
export type MetricId = (typeof METRIC_IDS)[number]

export type MetricDefinition = {
	id: MetricId
	name: string
	/** Display unit; BMI is shown without one. */
	unit: string | null
	/** Parameter codes the metric is computed from. */
	codes: string[]
	/** Decimals its values are shown and graded with (the precision the measurement warrants: whole mg/dL and mmHg, BMI to one decimal). */
	decimals: number
}

export const METRIC_DEFINITIONS: Record<MetricId, MetricDefinition> = {
	'blood-pressure': {
		id: 'blood-pressure',
		name: 'Blood Pressure',
		unit: 'mmHg',
		codes: ['systolic_bp', 'diastolic_bp'],
		decimals: 0,
	},
	cholesterol: { id: 'cholesterol', name: 'Cholesterol', unit: 'mg/dL', codes: ['total_cholesterol'], decimals: 0 },
	glucose: { id: 'glucose', name: 'Glucose', unit: 'mg/dL', codes: ['glucose'], decimals: 0 },
	bmi: { id: 'bmi', name: 'BMI', unit: null, codes: ['bmi', 'weight', 'height'], decimals: 1 },
}

export const COMPARISON_MIN_GAP_DAYS = 30
/** Above this gap the comparison is labelled "since <month>". */
export const LAST_MONTH_MAX_GAP_DAYS = 62
export const STABLE_PERCENT_THRESHOLD = 1

export function isMetricId(value: unknown): value is MetricId {
	return typeof value === 'string' && (METRIC_IDS as readonly string[]).includes(value)
}

/**
 * One day's value of a metric. For blood pressure `value` is systolic and `diastolic` is set;
 * either may be missing on a day a report gave only the other (never both).
 */
export type MetricReading = {
	date: LocalDate
	value: number | null
	diastolic: number | null
	storedStatus: ParameterStatus | null
	/** Range stored on the rows (systolic for blood pressure), if any. */
	storedReferenceRange: ReferenceRange | null
	storedDiastolicReferenceRange: ReferenceRange | null
	isDerived: boolean
}

/** A metric's readings, oldest first, one per day, ignoring any dated after today. */
export function metricReadings(parameters: HealthParameter[], metricId: MetricId, today: DateInput): MetricReading[] {
	const lastDate = toLocalDate(today)
	return allMetricReadings(parameters, metricId).filter((reading) => reading.date <= lastDate)
}

/** The readings that have the metric's main value (systolic for blood pressure): what trends, comparisons and predictions use. */
export function withPrimaryValue<T extends { value: number | null }>(readings: T[]): (T & { value: number })[] {
	return readings.filter((reading): reading is T & { value: number } => reading.value !== null)
}

function allMetricReadings(parameters: HealthParameter[], metricId: MetricId): MetricReading[] {
	if (metricId === 'blood-pressure') {
		return bloodPressureReadings(parameters).map((reading) => ({
			date: reading.date,
			value: reading.systolic,
			diastolic: reading.diastolic,
			storedStatus: reading.storedStatus,
			storedReferenceRange: reading.systolicReferenceRange,
			storedDiastolicReferenceRange: reading.diastolicReferenceRange,
			isDerived: false,
		}))
	}
	if (metricId === 'bmi') {
		return bmiReadings(parameters).map((reading) => ({
			date: reading.date,
			value: reading.value,
			diastolic: null,
			storedStatus: reading.storedStatus,
			storedReferenceRange: reading.storedReferenceRange,
			storedDiastolicReferenceRange: null,
			isDerived: reading.isDerived,
		}))
	}
	const code = METRIC_DEFINITIONS[metricId].codes[0]
	return dailyReadingsForCode(parameters, code).map((reading) => ({
		date: reading.date,
		value: reading.value,
		diastolic: null,
		storedStatus: reading.storedStatus,
		storedReferenceRange: reading.storedReferenceRange,
		storedDiastolicReferenceRange: null,
		isDerived: false,
	}))
}

/**
 * A metric's value as it is shown, the number its grade is judged on (issue 39 point 4): BMI 24.97
 * is shown 25.0 and graded as 25.0, systolic 129.97 is 130 and graded as 130.
 */
export function shownMetricValue(metricId: MetricId, value: number): number {
	return roundTo(value, METRIC_DEFINITIONS[metricId].decimals)
}

/** What a blood-pressure value with one number missing prints in its place. */
export const MISSING_PRESSURE = '–'

/**
 * '128/82' for blood pressure ('128/–' or '–/82' when the report gave one number), otherwise the
 * value at the metric's decimals ('24.3', '195').
 */
export function formatMetricValue(metricId: MetricId, reading: { value: number | null; diastolic: number | null }): string {
	const format = (value: number | null) => (value === null ? MISSING_PRESSURE : formatMetricNumber(metricId, value))
	if (metricId === 'blood-pressure' && reading.diastolic !== null) return `${format(reading.value)}/${format(reading.diastolic)}`
	if (metricId === 'blood-pressure' && reading.value !== null) return `${format(reading.value)}/${MISSING_PRESSURE}`
	return format(reading.value)
}

/** One number at the metric's decimals ('128', '24.3'): a chart point, one side of a blood pressure. */
export function formatMetricNumber(metricId: MetricId, value: number): string {
	return shownMetricValue(metricId, value).toFixed(METRIC_DEFINITIONS[metricId].decimals)
}

/** 'Systolic only' / 'Diastolic only' for a blood-pressure reading with one number, else null. */
export function partialPressureNote(metricId: MetricId, reading: { value: number | null; diastolic: number | null }): string | null {
	if (metricId !== 'blood-pressure') return null
	if (reading.diastolic === null) return 'Systolic only'
	if (reading.value === null) return 'Diastolic only'
	return null
}

/** The newest reading dated at least 30 days before `latest`, or null. `readings` oldest first. */
export function findComparisonReading<T extends { date: LocalDate }>(readings: T[], latest: T): T | null {
	for (let index = readings.length - 1; index >= 0; index--) {
		const candidate = readings[index]
		if (daysBetween(candidate.date, latest.date) >= COMPARISON_MIN_GAP_DAYS) return candidate
	}
	return null
}

/** Percent change from previous to current, rounded to one decimal; null when previous is 0. */
export function percentChange(previous: number, current: number): number | null {
	if (previous === 0) return null
	return roundTo(((current - previous) / Math.abs(previous)) * 100, 1)
}

export function trendDirectionOf(percent: number): TrendDirection {
	if (Math.abs(percent) < STABLE_PERCENT_THRESHOLD) return 'stable'
	return percent > 0 ? 'up' : 'down'
}

/** '+5.2%', '-3.0%', '0.0%'. */
export function formatPercentChange(percent: number): string {
	const sign = percent > 0 ? '+' : percent < 0 ? '-' : ''
	return `${sign}${Math.abs(percent).toFixed(1)}%`
}

export type TrendColor = 'red' | 'green' | 'blue' | 'grey'

/** Spec colours: up red, down green, stable blue on a badge and grey on an overview card. */
export function trendColorOf(trend: TrendDirection, variant: 'badge' | 'card'): TrendColor {
	if (trend === 'up') return 'red'
	if (trend === 'down') return 'green'
	return variant === 'badge' ? 'blue' : 'grey'
}

export type EmptyMetricCard = {
	state: 'empty'
	id: MetricId
	name: string
	unit: string | null
	message: string
}

export type MetricCard = {
	state: 'ready'
	id: MetricId
	name: string
	unit: string | null
	/** Display text of the latest value ('128/82', '24.3'). */
	value: string
	latest: { date: LocalDate; value: number | null; diastolic: number | null }
	/** 'Systolic only' when the latest blood pressure has one number. */
	partialNote: string | null
	/** Null when there is no reading at least 30 days older. */
	trend: TrendDirection | null
	percentChange: number | null
	/** Spec's trendValue: '+5.2%', or null without a comparison. */
	trendValue: string | null
	/** 'from last month', 'since Jan 2024' or 'No earlier reading to compare'. */
	trendLabel: string
	trendColor: TrendColor
	comparedWith: { date: LocalDate; value: string } | null
}

export function buildMetricCard(parameters: HealthParameter[], metricId: MetricId, today: DateInput): MetricCard | EmptyMetricCard {
	const definition = METRIC_DEFINITIONS[metricId]
	const readings = metricReadings(parameters, metricId, today)
	const latest = readings.at(-1)
	if (!latest) {
		return {
			state: 'empty',
			id: metricId,
			name: definition.name,
			unit: definition.unit,
			message: noMetricDataMessage(definition.name),
		}
	}
	// Compared on the main value (systolic): a day with a diastolic value alone has nothing to compare.
	const comparable = withPrimaryValue(readings)
	const latestComparable = latest.value === null ? null : comparable.at(-1)!
	const previous = latestComparable ? findComparisonReading(comparable, latestComparable) : null
	const change = previous && latestComparable ? percentChange(previous.value, latestComparable.value) : null
	const trend = change === null ? null : trendDirectionOf(change)
	let trendLabel = NO_EARLIER_READING
	if (previous && change !== null) {
		trendLabel =
			daysBetween(previous.date, latest.date) <= LAST_MONTH_MAX_GAP_DAYS
				? TREND_FROM_LAST_MONTH
				: trendSinceMonthLabel(formatMonthLabel(monthKeyOf(previous.date)))
	}
	return {
		state: 'ready',
		id: metricId,
		name: definition.name,
		unit: definition.unit,
		value: formatMetricValue(metricId, latest),
		latest: { date: latest.date, value: latest.value, diastolic: latest.diastolic },
		partialNote: partialPressureNote(metricId, latest),
		trend,
		percentChange: change,
		trendValue: change === null ? null : formatPercentChange(change),
		trendLabel,
		trendColor: trendColorOf(trend ?? 'stable', 'card'),
		comparedWith: previous ? { date: previous.date, value: formatMetricValue(metricId, previous) } : null,
	}
}

/** The four overview cards, in the spec's order. */
export function buildMetricCards(parameters: HealthParameter[], today: DateInput): (MetricCard | EmptyMetricCard)[] {
	return METRIC_IDS.map((metricId) => buildMetricCard(parameters, metricId, today))
}
