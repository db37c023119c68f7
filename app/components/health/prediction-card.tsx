import { Link } from '@remix-run/react'
import { describeForecasts, predictionChartModel } from '#server/health/shared/chart-data.ts'
import { predictionChartGeometry } from '#server/health/shared/chart-geometry.ts'
import { formatHealthDate, unitSuffix } from '#server/health/shared/format.ts'
import { predictionAxis, PREDICTION_AXIS_TEXTS } from '#server/health/shared/prediction-axis.ts'
import { PREDICTION_TEXTS, TRENDS_TEXTS } from '#server/health/shared/texts.ts'
import type { InsufficientPrediction, MetricPrediction } from '#server/health/shared/predictions.ts'
import { CHART_HEIGHT_CLASS } from './chart-size.ts'
import { LineChart } from './line-chart.tsx'
import { TrendBadge } from './trend-badge.tsx'

/** One metric on the Predictions tab: the forecast with its interval, or how many readings it still needs. */
export function PredictionCard({ prediction, addReadingHref }: { prediction: MetricPrediction | InsufficientPrediction; addReadingHref: string }) {
	return (
		<article
			className="rounded-lg border border-slate-200 p-5 dark:border-slate-700"
			aria-labelledby={`prediction-${prediction.metricId}`}
			data-testid={`prediction-${prediction.metricId}`}
		>
			{prediction.status === 'ready' ? (
				<ReadyPrediction prediction={prediction} />
			) : (
				<>
					<h3 id={`prediction-${prediction.metricId}`} className="text-base font-semibold">
						{prediction.name}
					</h3>
					<p className="mt-2 text-sm text-slate-700 dark:text-slate-200">{prediction.message}</p>
					<p className="mt-2 text-sm">
						<Link to={addReadingHref} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
							{TRENDS_TEXTS.addReading}
						</Link>
					</p>
				</>
			)}
			<p className="mt-4 text-xs text-slate-500 dark:text-slate-400">{prediction.disclaimer}</p>
		</article>
	)
}

function ReadyPrediction({ prediction }: { prediction: MetricPrediction }) {
	const suffix = unitSuffix(prediction.unit)
	const isBloodPressure = prediction.metricId === 'blood-pressure'
	const series = [
		{ name: isBloodPressure ? 'Systolic' : null, model: predictionChartModel(prediction.points) },
		...(prediction.diastolicPoints ? [{ name: 'Diastolic', model: predictionChartModel(prediction.diastolicPoints) }] : []),
	]
	const axis = predictionAxis(prediction.metricId, [prediction.points, ...(prediction.diastolicPoints ? [prediction.diastolicPoints] : [])])
	const forecasts = describeForecasts(prediction.points, prediction.unit)
	const diastolicForecasts = prediction.diastolicPoints ? describeForecasts(prediction.diastolicPoints, prediction.unit) : []
	return (
		<>
			<div className="flex flex-wrap items-start justify-between gap-3">
				<div>
					<h3 id={`prediction-${prediction.metricId}`} className="text-base font-semibold">
						{prediction.name}
					</h3>
					<p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
						{PREDICTION_TEXTS.current}:{' '}
						<span className="font-semibold text-slate-900 dark:text-slate-100">
							{prediction.currentValue}
							{suffix}
						</span>{' '}
						({formatHealthDate(prediction.currentDate)})
					</p>
					<p className="mt-1 text-xs text-slate-500 dark:text-slate-400" data-testid="prediction-newest">
						{prediction.newestReading}
					</p>
				</div>
				<TrendBadge trend={prediction.trend} color={prediction.trendColor} prefix={PREDICTION_TEXTS.trend} />
			</div>
			<div className="mt-4">
				<LineChart
					geometry={predictionChartGeometry(series, prediction.unit, axis)}
					label={`${PREDICTION_TEXTS.chartLabel(prediction.name)}. ${forecasts.join('; ')}.`}
					unit={prediction.unit}
					heightClass={CHART_HEIGHT_CLASS.prediction}
				/>
				<p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
					{PREDICTION_TEXTS.legendActual}: solid line · {PREDICTION_TEXTS.legendPredicted}: dashed line · Shaded: {PREDICTION_TEXTS.legendBand.toLowerCase()}
					{axis.isBandClipped ? ` · ${PREDICTION_AXIS_TEXTS.bandClipped}` : null}
				</p>
			</div>
			{axis.isIntervalTooWide && axis.widestInterval ? (
				<p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100" data-testid="prediction-too-wide">
					{PREDICTION_AXIS_TEXTS.tooWide(axis.widestInterval.lower, axis.widestInterval.upper, suffix)}
				</p>
			) : null}
			<p className="mt-3 text-sm">
				{PREDICTION_TEXTS.predicted(prediction.horizonLabel, prediction.predictedValue, suffix)}.{' '}
				{PREDICTION_TEXTS.category(prediction.predictedCategory.label)}
			</p>
			<div className="mt-3 rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800" data-testid="prediction-recommendation">
				<span className="font-semibold">{PREDICTION_TEXTS.recommendation}</span> {prediction.recommendation}
			</div>
			<details className="mt-3 text-sm">
				<summary className="cursor-pointer font-medium text-brand-700 dark:text-brand-100">{PREDICTION_TEXTS.howComputed}</summary>
				<div className="mt-2 space-y-2 text-slate-600 dark:text-slate-300">
					<p>{prediction.model.method}</p>
					<p>
						{PREDICTION_TEXTS.readings(prediction.model.readings, formatHealthDate(prediction.model.fitFrom), formatHealthDate(prediction.model.fitTo))};{' '}
						{PREDICTION_TEXTS.fit(prediction.model.rSquared, `${prediction.model.changePer30Days}${suffix}`)}
					</p>
					<p className="font-medium">{PREDICTION_TEXTS.forecasts}:</p>
					<ul className="list-disc pl-5">
						{forecasts.map((line) => (
							<li key={line}>{line}</li>
						))}
					</ul>
					{diastolicForecasts.length ? (
						<>
							<p className="font-medium">{PREDICTION_TEXTS.diastolic}:</p>
							<ul className="list-disc pl-5">
								{diastolicForecasts.map((line) => (
									<li key={line}>{line}</li>
								))}
							</ul>
						</>
					) : null}
				</div>
			</details>
		</>
	)
}
