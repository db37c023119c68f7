import {
	classifyBloodPressure,
	classifyBmi,
	classifyFastingGlucose,
	classifyTotalCholesterol,
	type Category,
} from '#server/lab-vocabulary/shared/clinical-categories.ts'
import { addMonthsToMonthKey, daysBetween, firstDayOfMonth, formatMonthLabel, midMonthDate, monthKeyOf, toLocalDate } from './dates.ts'
import { formatHealthDate } from './format.ts'
import {
	NOT_A_DIAGNOSIS,
	PREDICTION_MAX_AGE_DAYS,
	predictionHistoryNeededMessage,
	predictionRecommendation,
	newestReadingText,
	predictionStaleMessage,
	readingAgeText,
} from './messages.ts'
import {
	METRIC_DEFINITIONS,
	METRIC_IDS,
	formatMetricValue,
	metricReadings,
	percentChange,
	withPrimaryValue,
	trendColorOf,
	trendDirectionOf,
	type MetricId,
	type TrendColor,
} from './metrics.ts'
import { fitLeastSquares, predictAt, predictionIntervalAt, type LinearFit } from './regression.ts'
import { roundTo } from './units.ts'
import type { DateInput, LocalDate, HealthParameter, TrendDirection } from './types.ts'

/**
 * Predictions per metric: 10 monthly points, 7 of history and 3 forecasts.
 *
 * - Window: the 7 calendar months ending with the month of the newest reading
 *   (not today's month, so a patient whose last lab was in March still sees a
 *   forecast from March on rather than an empty chart).
 * - Model: ordinary least squares of the daily readings in that window on time
 *   in days (x = days since the first reading in the window). Blood pressure
 *   fits systolic and diastolic separately.
 * - Points sit on the 15th of each month. `actual` is the mean of the month's
 *   readings (null without any); `predicted` is the fitted line from the first
 *   month with a reading on (null before it); the 3 forecasts carry the 95 %
 *   prediction interval as lowerBound / upperBound (lower bound never below 0).
 *   Values are rounded to one decimal.
 * - Minimum history: at least 3 readings (days) from at least 2 different
 *   calendar months in the window; otherwise the result says how many more
 *   readings it needs (3 - readings, and at least 1 when all are in one month)
 *   and how many days with a reading it has.
 * - Recent data: the newest reading must be at most PREDICTION_MAX_AGE_DAYS
 *   (92) days old, so the forecasts lie ahead; an older series gets no
 *   prediction, only the date and age of its newest reading. A prediction says
 *   how old its newest reading is.
 * - Trend badge: fitted value at the newest reading against the forecast 3
 *   months on, the same ±1 % rule as the cards.
 * - Category and recommendation: from the value forecast 3 months ahead,
 *   compared with the current value's category (a range the current value is
 *   already in is never one it is "projected to reach").
 */

export const PREDICTION_HISTORY_MONTHS = 7
export const PREDICTION_FORECAST_MONTHS = 3
export const MIN_PREDICTION_READINGS = 3
export const MIN_PREDICTION_MONTHS = 2
export const PREDICTION_CONFIDENCE = 0.95
export const PREDICTION_METHOD =
	'Ordinary least squares of your readings on time (days) over the last 7 months with readings, with a 95% prediction interval (Student t).'

export type PredictionPoint = {
	/** 'YYYY-MM' */
	month: string
	/** Where the point sits on the time axis: the 15th of the month. */
	date: LocalDate
	/** 'Jan 2024' */
	label: string
	actual: number | null
	predicted: number | null
	lowerBound?: number
	upperBound?: number
	isForecast: boolean
}

export type PredictionModel = {
	method: string
	readings: number
	fitFrom: LocalDate
	fitTo: LocalDate
	slopePerDay: number
	/** Change per 30 days, one decimal. */
	changePer30Days: number
	rSquared: number
	residualStandardError: number
	degreesOfFreedom: number
	tQuantile: number
}

export type MetricPrediction = {
	status: 'ready'
	metricId: MetricId
	name: string
	unit: string | null
	currentValue: string
	currentDate: LocalDate
	/** 'Newest reading: Mar 3, 2026 (12 days ago).' */
	newestReading: string
	/** The month the headline forecast is for ('Aug 2023'). */
	horizonLabel: string
	trend: TrendDirection
	trendColor: TrendColor
	points: PredictionPoint[]
	/** Blood pressure only: the diastolic series (points carry systolic). */
	diastolicPoints?: PredictionPoint[]
	/** Value forecast 3 months ahead ('131/84' for blood pressure). */
	predictedValue: string
	predictedCategory: Category<string>
	recommendation: string
	model: PredictionModel
	diastolicModel?: PredictionModel
	disclaimer: string
}

export type InsufficientPrediction = {
	status: 'insufficient'
	/** 'too-few': not enough readings in the window; 'stale': the newest reading is too old. */
	reason: 'too-few' | 'stale'
	metricId: MetricId
	name: string
	unit: string | null
	readingsAvailable: number
	readingsNeeded: number
	message: string
	disclaimer: string
}

/** How many more readings a window needs before it can be fitted (0 when enough), and whether one must be from another month. */
export function readingsNeeded(dates: LocalDate[]) {
	const days = new Set(dates)
	const months = new Set([...days].map(monthKeyOf))
	const forCount = Math.max(0, MIN_PREDICTION_READINGS - days.size)
	const forMonths = months.size < MIN_PREDICTION_MONTHS ? MIN_PREDICTION_MONTHS - months.size : 0
	return {
		needed: Math.max(forCount, forMonths),
		fromAnotherMonth: months.size > 0 && forMonths > 0,
		days: days.size,
		onlyMonth: months.size === 1 ? formatMonthLabel([...months][0]) : null,
	}
}

/** How many more readings a window needs before it can be fitted (0 when enough). */
export function countReadingsNeeded(dates: LocalDate[]): number {
	return readingsNeeded(dates).needed
}

type SeriesFit = {
	fit: LinearFit
	origin: LocalDate
	points: PredictionPoint[]
	model: PredictionModel
	forecastAtHorizon: number
	fittedAtLatest: number
}

function fitSeries(readings: { date: LocalDate; value: number }[], months: string[], forecastMonths: string[]): SeriesFit {
	const origin = readings[0].date
	const fit = fitLeastSquares(readings.map((reading) => ({ x: daysBetween(origin, reading.date), y: reading.value })))
	const firstDataMonth = monthKeyOf(origin)
	const history = months.map((month): PredictionPoint => {
		const inMonth = readings.filter((reading) => monthKeyOf(reading.date) === month)
		const date = midMonthDate(month)
		return {
			month,
			date,
			label: formatMonthLabel(month),
			actual: inMonth.length === 0 ? null : roundTo(inMonth.reduce((sum, reading) => sum + reading.value, 0) / inMonth.length, 1),
			predicted: month < firstDataMonth ? null : roundTo(predictAt(fit, daysBetween(origin, date)), 1),
			isForecast: false,
		}
	})
	let tQuantile = 0
	const forecasts = forecastMonths.map((month): PredictionPoint => {
		const date = midMonthDate(month)
		const interval = predictionIntervalAt(fit, daysBetween(origin, date), PREDICTION_CONFIDENCE)
		tQuantile = interval.tQuantile
		return {
			month,
			date,
			label: formatMonthLabel(month),
			actual: null,
			predicted: roundTo(interval.predicted, 1),
			lowerBound: roundTo(Math.max(0, interval.lower), 1),
			upperBound: roundTo(Math.max(0, interval.upper), 1),
			isForecast: true,
		}
	})
	const latest = readings[readings.length - 1]
	return {
		fit,
		origin,
		points: [...history, ...forecasts],
		forecastAtHorizon: predictAt(fit, daysBetween(origin, midMonthDate(forecastMonths[forecastMonths.length - 1]))),
		fittedAtLatest: predictAt(fit, daysBetween(origin, latest.date)),
		model: {
			method: PREDICTION_METHOD,
			readings: fit.n,
			fitFrom: origin,
			fitTo: latest.date,
			slopePerDay: fit.slope,
			changePer30Days: roundTo(fit.slope * 30, 1),
			rSquared: roundTo(fit.rSquared, 3),
			residualStandardError: roundTo(fit.residualStandardError, 3),
			degreesOfFreedom: fit.degreesOfFreedom,
			tQuantile: roundTo(tQuantile, 4),
		},
	}
}

function categorize(metricId: MetricId, value: number, diastolic: number | null): Category<string> {
	if (metricId === 'blood-pressure') return classifyBloodPressure(value, diastolic ?? 0)
	if (metricId === 'glucose') return classifyFastingGlucose(value)
	if (metricId === 'cholesterol') return classifyTotalCholesterol(value)
	return classifyBmi(value)
}

export function predictMetric(parameters: HealthParameter[], metricId: MetricId, today: DateInput): MetricPrediction | InsufficientPrediction {
	const definition = METRIC_DEFINITIONS[metricId]
	const todayDate = toLocalDate(today)
	const all = metricReadings(parameters, metricId, today)
	// fitted on the main value (systolic for blood pressure); the newest reading of any kind says how recent the data is
	const primary = withPrimaryValue(all)
	const newest = all.at(-1)
	const latest = primary.at(-1)
	const insufficient = (reason: InsufficientPrediction['reason'], message: string, available: number, needed: number): InsufficientPrediction => ({
		status: 'insufficient',
		reason,
		metricId,
		name: definition.name,
		unit: definition.unit,
		readingsAvailable: available,
		readingsNeeded: needed,
		message,
		disclaimer: NOT_A_DIAGNOSIS,
	})
	if (newest && daysBetween(newest.date, todayDate) > PREDICTION_MAX_AGE_DAYS) {
		return insufficient(
			'stale',
			predictionStaleMessage(definition.name, formatHealthDate(newest.date), readingAgeText(daysBetween(newest.date, todayDate))),
			0,
			MIN_PREDICTION_READINGS,
		)
	}
	const latestMonth = latest ? monthKeyOf(latest.date) : null
	const firstMonth = latestMonth ? addMonthsToMonthKey(latestMonth, 1 - PREDICTION_HISTORY_MONTHS) : null
	const readings = firstMonth ? primary.filter((reading) => reading.date >= firstDayOfMonth(firstMonth)) : []
	const need = readingsNeeded(readings.map((reading) => reading.date))
	if (!latest || !latestMonth || !firstMonth || need.needed > 0) {
		const needed = latest ? need.needed : MIN_PREDICTION_READINGS
		return insufficient('too-few', predictionHistoryNeededMessage({ ...need, needed }), readings.length, needed)
	}
	const months = Array.from({ length: PREDICTION_HISTORY_MONTHS }, (_, index) => addMonthsToMonthKey(firstMonth, index))
	const forecastMonths = Array.from({ length: PREDICTION_FORECAST_MONTHS }, (_, index) => addMonthsToMonthKey(latestMonth, index + 1))
	const fitted = fitSeries(readings, months, forecastMonths)
	const diastolicReadings =
		metricId === 'blood-pressure'
			? all.flatMap((reading) =>
					reading.diastolic !== null && reading.date >= firstDayOfMonth(firstMonth) ? [{ date: reading.date, value: reading.diastolic }] : [],
				)
			: []
	const diastolic =
		metricId === 'blood-pressure' && countReadingsNeeded(diastolicReadings.map((reading) => reading.date)) === 0
			? fitSeries(diastolicReadings, months, forecastMonths)
			: null
	const horizonValue = fitted.forecastAtHorizon
	const horizonDiastolic = diastolic ? diastolic.forecastAtHorizon : null
	const category = categorize(metricId, horizonValue, horizonDiastolic)
	const currentCategory = categorize(metricId, latest.value, latest.diastolic)
	const change = percentChange(fitted.fittedAtLatest, horizonValue)
	const trend = change === null ? 'stable' : trendDirectionOf(change)
	const newestDate = newest!.date
	return {
		status: 'ready',
		metricId,
		name: definition.name,
		unit: definition.unit,
		currentValue: formatMetricValue(metricId, latest),
		currentDate: latest.date,
		newestReading: newestReadingText(formatHealthDate(newestDate), readingAgeText(daysBetween(newestDate, todayDate))),
		horizonLabel: formatMonthLabel(forecastMonths[forecastMonths.length - 1]),
		trend,
		trendColor: trendColorOf(trend, 'badge'),
		points: fitted.points,
		...(diastolic ? { diastolicPoints: diastolic.points, diastolicModel: diastolic.model } : {}),
		predictedValue: formatMetricValue(metricId, { value: horizonValue, diastolic: horizonDiastolic }),
		predictedCategory: category,
		recommendation: predictionRecommendation(metricId, currentCategory.code, category.code),
		model: fitted.model,
		disclaimer: NOT_A_DIAGNOSIS,
	}
}

/** Predictions for the four metrics, in the spec's order. */
export function predictMetrics(parameters: HealthParameter[], today: DateInput): (MetricPrediction | InsufficientPrediction)[] {
	return METRIC_IDS.map((metricId) => predictMetric(parameters, metricId, today))
}
