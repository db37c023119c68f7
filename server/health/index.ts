/**
 * Health analytics: pure functions over stored health parameters. No database
 * access and no clock: callers pass the rows, the profile and 'today'.
 */

export type {
	DateInput,
	HealthParameter,
	IsoDate,
	NewHealthParameter,
	ParameterStatus,
	ReferenceRange,
	TrendDirection,
} from './types.ts'

export {
	DEFAULT_PARAMETER_TREND_DAYS,
	DEFAULT_TIME_RANGE,
	DEFAULT_TREND_DAYS,
	MAX_TREND_DAYS,
	TIME_RANGES,
	TIME_RANGE_LABELS,
	daysInTimeRange,
	isTimeRange,
	isWithinWindow,
	parseParameterTrendDays,
	parseTimeRange,
	parseTrendDays,
	timeRangeStartDate,
	trendWindowStartDate,
	type TimeRange,
} from './time-range.ts'

export {
	COMPARISON_MIN_GAP_DAYS,
	LAST_MONTH_MAX_GAP_DAYS,
	METRIC_DEFINITIONS,
	METRIC_IDS,
	STABLE_PERCENT_THRESHOLD,
	buildMetricCard,
	buildMetricCards,
	findComparisonReading,
	formatMetricValue,
	formatPercentChange,
	isMetricId,
	metricReadings,
	percentChange,
	trendColorOf,
	trendDirectionOf,
	type EmptyMetricCard,
	type MetricCard,
	type MetricDefinition,
	type MetricId,
	type MetricReading,
	type TrendColor,
} from './metrics.ts'

export {
	buildMetricSeries,
	buildParameterSeries,
	buildParameterTrends,
	type AbnormalFlag,
	type MetricSeries,
	type ParameterSeries,
	type SeriesPoint,
} from './series.ts'

export {
	fitLeastSquares,
	predictAt,
	predictionIntervalAt,
	type LinearFit,
	type PredictionInterval,
} from './regression.ts'
export { studentTCdf, studentTQuantile } from './student-t.ts'

export {
	MIN_PREDICTION_MONTHS,
	MIN_PREDICTION_READINGS,
	PREDICTION_FORECAST_MONTHS,
	PREDICTION_HISTORY_MONTHS,
	countReadingsNeeded,
	predictMetric,
	predictMetrics,
	type InsufficientPrediction,
	type MetricPrediction,
	type PredictionModel,
	type PredictionPoint,
} from './predictions.ts'

export {
	CATEGORY_SOURCES,
	classifyBloodPressure,
	classifyBmi,
	classifyFastingGlucose,
	classifyHba1c,
	classifyHdl,
	classifyLdl,
	classifyTenYearAscvdRisk,
	classifyTotalCholesterol,
	classifyTriglycerides,
	type Category,
} from './clinical-categories.ts'

export {
	calculateTenYearAscvdRisk,
	type PooledCohortInputs,
	type PooledCohortResult,
	type RaceGroup,
	type Sex,
} from './pooled-cohort-equations.ts'

export {
	RISK_SCORE_BANDS,
	assessHealthRisks,
	riskLevelForScore,
	scoreFromAscvdRisk,
	type RiskArea,
	type RiskAreaAssessment,
	type RiskAssessment,
	type RiskFinding,
	type RiskLevel,
	type RiskProfile,
	type RiskValueUsed,
	type TenYearAscvdRisk,
} from './risk.ts'

export { calculateHealthScore, healthScoreLabel, type HealthScore, type HealthScoreLabel } from './health-score.ts'
export { effectiveStatusOf, findAbnormalAlerts, type HealthAlert } from './alerts.ts'

export {
	MANUAL_READING_KINDS,
	MANUAL_READING_LABELS,
	MANUAL_READING_LIMITS,
	MANUAL_READING_MESSAGES,
	createManualReadingSchema,
	manualReadingToParameters,
	validateManualReading,
	type ManualReading,
	type ManualReadingKind,
	type ManualReadingValidation,
} from './manual-reading.ts'

export { defaultReferenceRangeFor, parameterNameFor, statusForValue } from './reference-values.ts'
export * as healthMessages from './messages.ts'
