/**
 * Health analytics. The calculations are pure functions over stored health
 * parameters (no database access and no clock: callers pass the rows, the
 * profile and 'today'); health-data.ts, analytics.ts and dashboard.ts read and
 * write the tenant tables and compose them. Browser code must not import this
 * file (it reaches the database): it imports what it needs from
 * server/health/shared/ (docs/decisions/007-browser-safe-code.md).
 */

export type { DateInput, HealthParameter, LocalDate, NewHealthParameter, ParameterStatus, ReferenceRange, TrendDirection } from '#server/health/shared/types.ts'

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
} from '#server/health/shared/time-range.ts'

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
} from '#server/health/shared/metrics.ts'

export {
	buildMetricSeries,
	buildParameterSeries,
	buildParameterTrends,
	type AbnormalFlag,
	type MetricSeries,
	type ParameterSeries,
	type SeriesPoint,
} from '#server/health/shared/series.ts'

export { fitLeastSquares, predictAt, predictionIntervalAt, type LinearFit, type PredictionInterval } from '#server/health/shared/regression.ts'
export { studentTCdf, studentTQuantile } from '#server/health/shared/student-t.ts'

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
} from '#server/health/shared/predictions.ts'

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
} from '#server/lab-vocabulary/shared/clinical-categories.ts'

export {
	calculateTenYearAscvdRisk,
	type PooledCohortInputs,
	type PooledCohortResult,
	type RaceGroup,
	type Sex,
} from '#server/health/shared/pooled-cohort-equations.ts'

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
} from '#server/health/shared/risk.ts'

export { calculateHealthScore, healthScoreLabel, type HealthScore, type HealthScoreLabel } from '#server/health/shared/health-score.ts'
export { effectiveStatusOf, findAbnormalAlerts, type HealthAlert } from '#server/health/shared/alerts.ts'

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
} from '#server/health/shared/manual-reading.ts'

export { defaultReferenceRangeFor, parameterNameFor } from '#server/health/shared/reference-values.ts'
export * as healthMessages from '#server/health/shared/messages.ts'

export { calendarDateIn, patientToday } from '#server/health/shared/today.ts'
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
} from '#server/health/shared/health-profile.ts'
export { groupManualReadings, manualReadingKindOf, type ManualReadingEntry, type ManualReadingValue } from '#server/health/shared/manual-reading-groups.ts'
export { buildRangeMetricCard, buildRangeMetricCards, type RangeEmptyMetricCard, type RangeMetricCard } from '#server/health/shared/range-cards.ts'
export { RECENT_ACTIVITY_LIMIT, buildRecentActivity, type ActivityEvent, type ActivityKind } from '#server/health/shared/activity.ts'

export {
	addManualReading,
	deleteManualReading,
	getHealthProfile,
	listManualReadings,
	listParameters,
	saveDateOfBirth,
	saveHealthProfile,
	selectHealthProfile,
	selectParameters,
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
export {
	redateDocumentParameters,
	removeDocumentParameters,
	replaceDocumentParameters,
	selectDocumentParameters,
	selectParametersOnDates,
	selectTestDates,
	type DocumentParameterValue,
} from './document-parameters.ts'
export { selectOwnerHealthParametersForExport, selectOwnerPrintedResultsForExport } from './owner-export.ts'
export { applyValueReview, type ValueReviewCode, type ValueReviewOutcome } from './value-review.ts'
export { COUNTED_REVIEW_STATUSES, countedParameterCondition } from './counted-values.ts'
export {
	VALUE_REVIEW_INTENTS,
	VALUE_REVIEW_NOTICES,
	VALUE_REVIEW_TEXTS,
	ValueReviewSchema,
	isValueReviewIntent,
	type ValueReview,
	type ValueReviewIntent,
} from '#server/health/shared/value-review.ts'
export { getTrendsExport, summaryGroupOf, type TrendsExport } from './trends-export.ts'
export { summarizeDocumentValues } from './document-value-summary.ts'
export {
	documentValuesText,
	EMPTY_VALUE_SUMMARY,
	valueSummaryText,
	waitingValueSummaryText,
	type DocumentValueSummary,
} from '#server/health/shared/value-summary.ts'
export {
	TRENDS_CSV_HEADER,
	TRENDS_EXPORT_TEXTS,
	summarizeRows,
	trendsCsv,
	trendsCsvFilename,
	trendsCsvHref,
	trendsSummaryHref,
	type SummaryParameter,
	type TrendsExportRow,
} from '#server/health/shared/trends-export.ts'
export {
	applyPrintedResultChange,
	removeDocumentPrintedResults,
	replaceDocumentPrintedResults,
	selectDocumentPrintedResults,
	type DocumentPrintedResult,
	type DocumentPrintedResultView,
	type PrintedResultCode,
	type PrintedResultOutcome,
} from './printed-results.ts'
export { analytesForUnit, analyteUnitLabel, printedResultsState } from './printed-result-coding.ts'
export {
	PRINTED_RESULT_INTENTS,
	PRINTED_RESULT_NOTICES,
	PRINTED_RESULT_TEXTS,
	PrintedResultSchema,
	isPrintedResultIntent,
	type PrintedResultChange,
	type PrintedResultIntent,
} from '#server/health/shared/printed-results.ts'
