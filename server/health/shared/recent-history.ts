import { addMonthsToMonthKey, firstDayOfMonth, monthKeyOf } from './dates.ts'
import { buildMetricCard, metricReadings, METRIC_DEFINITIONS, METRIC_IDS, type MetricId } from './metrics.ts'
import { PREDICTION_HISTORY_MONTHS } from './predictions.ts'
import { dailyReadingsForCode } from './readings.ts'
import type { HealthParameter, LocalDate } from './types.ts'

/**
 * The trends calculations use little of a long history: a card its latest
 * reading and the newest one at least 30 days older, a prediction the last 7
 * months with readings, the risk assessment each code's latest value. So the
 * analytics first read the recent history only: every row dated from `since`
 * (a number of days before the newest reading) to today, plus, for BMI from
 * weight, the heights from the newest one measured on or before `since`.
 *
 * Every day from `since` on then holds all its rows, so the readings of those
 * days (daily means, blood-pressure pairs, a code's series unit taken from its
 * newest row, BMI from the newest earlier height) are the same as from the
 * whole history. An answer whose readings all lie on or after `since` is
 * therefore the whole-history answer; a need that is not answered that way has
 * its codes read whole (adding older rows of other codes changes no day from
 * `since` on, so the needs that were answered stay answered).
 */

export type HistoryNeed = {
	/** The parameter codes the answer is computed from. */
	codes: readonly string[]
	/** Whether `rows` (every row dated on or after `since`) give the whole-history answer. */
	isAnsweredBy: (rows: HealthParameter[], since: LocalDate) => boolean
}

/** Days of recent history read first for the overview cards and the risk assessment. */
export const RECENT_READINGS_DAYS = 120
/** Days of recent history read first for the predictions: 7 calendar months end to end at most 214 days. */
export const RECENT_PREDICTION_DAYS = 217

/** A card needs its latest reading and the reading it is compared with. */
export function metricCardNeed(metricId: MetricId, today: LocalDate): HistoryNeed {
	return {
		codes: METRIC_DEFINITIONS[metricId].codes,
		isAnsweredBy: (rows) => {
			const card = buildMetricCard(rows, metricId, today)
			return card.state === 'ready' && card.comparedWith !== null
		},
	}
}

/** First day of the 7 calendar months a prediction fits, for its latest reading. */
export function predictionWindowStart(latest: LocalDate): LocalDate {
	return firstDayOfMonth(addMonthsToMonthKey(monthKeyOf(latest), 1 - PREDICTION_HISTORY_MONTHS))
}

/** A prediction needs its latest reading and every reading of its 7-month window. */
export function predictionNeed(metricId: MetricId, today: LocalDate): HistoryNeed {
	return {
		codes: METRIC_DEFINITIONS[metricId].codes,
		isAnsweredBy: (rows, since) => {
			const latest = metricReadings(rows, metricId, today).at(-1)
			return latest !== undefined && predictionWindowStart(latest.date) >= since
		},
	}
}

/** Codes the risk assessment takes a latest value of on its own (blood pressure and BMI are metrics). */
const RISK_LATEST_CODES = ['total_cholesterol', 'ldl', 'hdl', 'triglycerides', 'hba1c', 'glucose'] as const

/** The risk assessment needs the latest value of each code it uses (blood pressure as a pair, BMI stored or from weight). */
export function riskNeeds(today: LocalDate): HistoryNeed[] {
	const latestCodeNeeds = RISK_LATEST_CODES.map((code): HistoryNeed => ({
		codes: [code],
		isAnsweredBy: (rows) => dailyReadingsForCode(rows, code).some((reading) => reading.date <= today),
	}))
	const metricNeeds = (['blood-pressure', 'bmi'] as const).map((metricId): HistoryNeed => ({
		codes: METRIC_DEFINITIONS[metricId].codes,
		isAnsweredBy: (rows) =>
			metricId === 'blood-pressure'
				? metricReadings(rows, metricId, today).some((reading) => reading.value !== null && reading.diastolic !== null)
				: metricReadings(rows, metricId, today).length > 0,
	}))
	return [...latestCodeNeeds, ...metricNeeds]
}

export function metricCardNeeds(today: LocalDate): HistoryNeed[] {
	return METRIC_IDS.map((metricId) => metricCardNeed(metricId, today))
}

export function predictionNeeds(today: LocalDate): HistoryNeed[] {
	return METRIC_IDS.map((metricId) => predictionNeed(metricId, today))
}

export function codesOfNeeds(needs: HistoryNeed[]): string[] {
	return [...new Set(needs.flatMap((need) => need.codes))]
}

/** The codes whose whole history must be read: those of every need the recent rows do not answer. */
export function codesNeedingWholeHistory(needs: HistoryNeed[], recent: HealthParameter[], since: LocalDate): string[] {
	return codesOfNeeds(needs.filter((need) => !need.isAnsweredBy(recent, since)))
}

/**
 * The recent rows of the other codes with the whole history of `wholeCodes`,
 * ordered by test date and code as the reads order them (a stable sort keeps
 * each read's order within a day and code).
 */
export function mergeHistory(recent: HealthParameter[], whole: HealthParameter[], wholeCodes: readonly string[]): HealthParameter[] {
	const replaced = new Set(wholeCodes)
	return [...recent.filter((row) => !replaced.has(row.code)), ...whole].sort((a, b) =>
		a.testDate !== b.testDate ? (a.testDate < b.testDate ? -1 : 1) : a.code < b.code ? -1 : a.code > b.code ? 1 : 0,
	)
}
