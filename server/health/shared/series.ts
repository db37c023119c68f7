import { toLocalDate } from './dates.ts'
import { METRIC_DEFINITIONS, metricReadings, partialPressureNote, shownMetricValue, type MetricId } from './metrics.ts'
import { dailyReadingsForCode, mostSevereStatus, type DailyReading } from './readings.ts'
import { parameterGradeLabel } from '#server/documents/shared/parameter-status.ts'
import { gradeParameter } from '#server/lab-vocabulary/shared/grading.ts'
import { classifyBloodPressure } from '#server/lab-vocabulary/shared/clinical-categories.ts'
import { defaultReferenceRangeFor, isAbnormalStatus } from './reference-values.ts'
import { DEFAULT_PARAMETER_TREND_DAYS, DEFAULT_TREND_DAYS, isWithinWindow, timeRangeStartDate, trendWindowStartDate, type TimeRange } from './time-range.ts'
import type { DateInput, HealthParameter, LocalDate, ReferenceRange } from './types.ts'

/**
 * Chart series: a metric (or any parameter code) over a window, with the
 * reference range to shade and a flag on each abnormal point.
 *
 * Reference range of a chart: the range stored on the newest reading in the
 * window that has one, otherwise the normal band of the guideline that grades
 * the code (blood pressure, BMI; reference-values.ts), else none.
 * A point is graded by the one rule (gradeParameter, decision 025) against its
 * own printed range, as on its document page: a stored row of that day that
 * says low/high/critical, or its value graded. A point no rule grades is 'Not
 * graded' (isGraded false), never 'Normal'. Blood pressure is abnormal when
 * either number is.
 */

export type AbnormalFlag = 'low' | 'high' | 'critical'

export type SeriesPoint = {
	date: LocalDate
	/** Null only on a blood-pressure day with a diastolic value alone. */
	value: number | null
	/** Blood pressure only. */
	diastolic: number | null
	/** 'Systolic only' / 'Diastolic only' on a blood-pressure day with one number, else null. */
	partialNote: string | null
	isAbnormal: boolean
	flag: AbnormalFlag | null
	/** False when no rule grades the point (no printed range, no guideline): shown 'Not graded'. */
	isGraded: boolean
	/** The grade in words, as the document page writes it ('High', 'Not graded', 'Stage 1 hypertension (ACC/AHA)'). */
	gradeLabel: string
	/** BMI computed from weight and height. */
	isDerived: boolean
}

export type MetricSeries = {
	metricId: MetricId
	name: string
	unit: string | null
	range: TimeRange
	/** Null for all time. */
	startDate: LocalDate | null
	endDate: LocalDate
	/** Systolic range for blood pressure. */
	referenceRange: ReferenceRange | null
	diastolicReferenceRange: ReferenceRange | null
	points: SeriesPoint[]
	abnormalCount: number
}

function gradeOf(code: string, value: number, storedRange: ReferenceRange | null, unit: string | null) {
	return gradeParameter({ code, value, unit, min: storedRange?.min ?? null, max: storedRange?.max ?? null })
}

function flagOf(status: ReturnType<typeof gradeParameter>) {
	return isAbnormalStatus(status) ? status : null
}

function combineFlags(...flags: (AbnormalFlag | null)[]): AbnormalFlag | null {
	const worst = mostSevereStatus(flags)
	return isAbnormalStatus(worst) ? worst : null
}

function newestStoredRange(ranges: (ReferenceRange | null)[]): ReferenceRange | null {
	return ranges.filter((range) => range !== null).at(-1) ?? null
}

export function buildMetricSeries(parameters: HealthParameter[], metricId: MetricId, options: { range: TimeRange; today: DateInput }): MetricSeries {
	const definition = METRIC_DEFINITIONS[metricId]
	const endDate = toLocalDate(options.today)
	const startDate = timeRangeStartDate(options.range, endDate)
	const readings = metricReadings(parameters, metricId, endDate).filter((reading) => isWithinWindow(reading.date, startDate, endDate))
	const primaryCode = metricId === 'blood-pressure' ? 'systolic_bp' : definition.codes[0]
	const referenceRange = newestStoredRange(readings.map((reading) => reading.storedReferenceRange)) ?? defaultReferenceRangeFor(primaryCode)
	const diastolicReferenceRange =
		metricId === 'blood-pressure'
			? (newestStoredRange(readings.map((reading) => reading.storedDiastolicReferenceRange)) ?? defaultReferenceRangeFor('diastolic_bp'))
			: null
	const points = readings.map((reading): SeriesPoint => {
		// graded as shown: the number on the card and the chart is the one its grade is judged on
		const shown = reading.value === null ? null : shownMetricValue(metricId, reading.value)
		const shownDiastolic = reading.diastolic === null ? null : shownMetricValue(metricId, reading.diastolic)
		const isShownAsStored = shown === reading.value && shownDiastolic === reading.diastolic
		const storedFlag = isAbnormalStatus(reading.storedStatus) && isShownAsStored ? reading.storedStatus : null
		const valueGrade = shown === null ? null : gradeOf(primaryCode, shown, reading.storedReferenceRange, definition.unit)
		const diastolicGrade = shownDiastolic === null ? null : gradeOf('diastolic_bp', shownDiastolic, reading.storedDiastolicReferenceRange, 'mmHg')
		const flag = combineFlags(storedFlag, flagOf(valueGrade), flagOf(diastolicGrade))
		const isGraded = flag !== null || reading.storedStatus !== null || valueGrade !== null || diastolicGrade !== null
		const status = flag ?? (isGraded ? 'normal' : null)
		const range = reading.storedReferenceRange
		const isBloodPressureByGuideline =
			reading.value !== null && reading.diastolic !== null && range === null && reading.storedDiastolicReferenceRange === null && isGraded
		// a lone diastolic value is graded and labelled as itself
		const [labelCode, labelValue, labelRange] =
			reading.value === null ? (['diastolic_bp', shownDiastolic!, reading.storedDiastolicReferenceRange] as const) : ([primaryCode, shown!, range] as const)
		return {
			date: reading.date,
			value: reading.value,
			diastolic: reading.diastolic,
			isAbnormal: flag !== null,
			flag,
			isGraded,
			gradeLabel: isBloodPressureByGuideline
				? `${classifyBloodPressure(shown!, shownDiastolic!).label} (ACC/AHA)`
				: parameterGradeLabel({
						code: labelCode,
						value: labelValue,
						unit: definition.unit,
						status,
						referenceRangeMin: labelRange?.min ?? null,
						referenceRangeMax: labelRange?.max ?? null,
					}),
			partialNote: partialPressureNote(metricId, reading),
			isDerived: reading.isDerived,
		}
	})
	return {
		metricId,
		name: definition.name,
		unit: definition.unit,
		range: options.range,
		startDate,
		endDate,
		referenceRange,
		diastolicReferenceRange,
		points,
		abnormalCount: points.filter((point) => point.isAbnormal).length,
	}
}

export type ParameterSeries = {
	code: string
	name: string
	unit: string | null
	startDate: LocalDate
	endDate: LocalDate
	referenceRange: ReferenceRange | null
	points: SeriesPoint[]
	abnormalCount: number
}

function pointFromDailyReading(code: string, reading: DailyReading): SeriesPoint {
	const storedFlag = isAbnormalStatus(reading.storedStatus) ? reading.storedStatus : null
	const grade = gradeOf(code, reading.value, reading.storedReferenceRange, reading.unit)
	const flag = combineFlags(storedFlag, flagOf(grade))
	const isGraded = flag !== null || reading.storedStatus !== null || grade !== null
	const range = reading.storedReferenceRange
	return {
		date: reading.date,
		value: reading.value,
		diastolic: null,
		isAbnormal: flag !== null,
		flag,
		isGraded,
		partialNote: null,
		gradeLabel: parameterGradeLabel({
			code,
			value: reading.value,
			unit: reading.unit,
			status: flag ?? (isGraded ? 'normal' : null),
			referenceRangeMin: range?.min ?? null,
			referenceRangeMax: range?.max ?? null,
		}),
		isDerived: false,
	}
}

/** One parameter code over the last `days` days (default 90, the per-parameter trend window). */
export function buildParameterSeries(parameters: HealthParameter[], code: string, options: { today: DateInput; days?: number }): ParameterSeries {
	const endDate = toLocalDate(options.today)
	const startDate = trendWindowStartDate(options.days ?? DEFAULT_PARAMETER_TREND_DAYS, endDate)
	const rows = parameters.filter((row) => row.code === code)
	const readings = dailyReadingsForCode(rows, code).filter((reading) => isWithinWindow(reading.date, startDate, endDate))
	const unit = readings.at(-1)?.unit ?? rows.at(-1)?.unit ?? null
	const referenceRange = newestStoredRange(readings.map((reading) => reading.storedReferenceRange)) ?? defaultReferenceRangeFor(code)
	const points = readings.map((reading) => pointFromDailyReading(code, reading))
	const newestRow = [...rows].sort((a, b) => (a.testDate < b.testDate ? -1 : a.testDate > b.testDate ? 1 : 0)).at(-1)
	return {
		code,
		name: newestRow?.name ?? code,
		unit,
		startDate,
		endDate,
		referenceRange,
		points,
		abnormalCount: points.filter((point) => point.isAbnormal).length,
	}
}

/** Every parameter code with at least one reading in the last `days` days (default 180), by name. */
export function buildParameterTrends(parameters: HealthParameter[], options: { today: DateInput; days?: number }): ParameterSeries[] {
	const days = options.days ?? DEFAULT_TREND_DAYS
	const codes = [...new Set(parameters.map((row) => row.code))]
	return codes
		.map((code) => buildParameterSeries(parameters, code, { today: options.today, days }))
		.filter((series) => series.points.length > 0)
		.sort((a, b) => a.name.localeCompare(b.name, 'en-US'))
}
