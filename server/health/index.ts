/**
 * Health analytics. The calculations are pure functions over stored health
 * parameters (no database access and no clock: callers pass the rows, the
 * profile and 'today'); health-data.ts, analytics.ts and dashboard.ts read and
 * write the tenant tables and compose them. Browser code must not import this
 * file (it reaches the database): it imports the pure modules it needs, or
 * app/lib/health.
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

export { calendarDateIn, patientToday } from './today.ts'
export {
	EMPTY_HEALTH_PROFILE,
	HEALTH_PROFILE_QUESTIONS,
	HEALTH_PROFILE_TEXTS,
	RACE_GROUP_LABELS,
	SEX_LABELS,
	createHealthProfileFormSchema,
	createHealthProfileSchema,
	healthProfileFormDefaults,
	healthProfileFromForm,
	isHealthProfileStarted,
	riskProfileOf,
	type HealthProfile,
	type HealthProfileForm,
} from './health-profile.ts'
export {
	groupManualReadings,
	manualReadingKindOf,
	type ManualReadingEntry,
	type ManualReadingValue,
} from './manual-reading-groups.ts'
export { buildRangeMetricCard, buildRangeMetricCards, type RangeEmptyMetricCard, type RangeMetricCard } from './range-cards.ts'
export { RECENT_ACTIVITY_LIMIT, buildRecentActivity, type ActivityEvent, type ActivityKind } from './activity.ts'

export {
	addManualReading,
	deleteManualReading,
	getHealthProfile,
	listManualReadings,
	listParameters,
	saveHealthProfile,
	type AddedManualReading,
	type ParameterQuery,
	type StoredHealthParameter,
} from './health-data.ts'
export {
	METRIC_CODES,
	RISK_CODES,
	getMetricCards,
	getMetricSeries,
	getParameterSeries,
	getParameterTrends,
	getPredictions,
	getRiskOverview,
	getTrendsOverview,
	provenanceKey,
	type RiskOverview,
	type ValueProvenance,
} from './analytics.ts'
export { getDashboard, type Dashboard, type DashboardAppointment, type DocumentCounts, type RiskSummary } from './dashboard.ts'
