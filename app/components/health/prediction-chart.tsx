import {
	CategoryScale,
	Chart as ChartJS,
	Filler,
	Legend,
	LineController,
	LineElement,
	LinearScale,
	PointElement,
	Tooltip,
	type ChartDataset,
	type ChartOptions,
} from 'chart.js'
import { Line } from 'react-chartjs-2'
import type { PredictionChartModel } from '#server/health/shared/chart-data.ts'
import { unitSuffix } from '#server/health/shared/format.ts'
import { clipToAxis, type PredictionAxis } from '#server/health/shared/prediction-axis.ts'
import { PREDICTION_TEXTS } from '#server/health/shared/texts.ts'
import { CHART_COLORS } from './chart-colors.ts'
import { CHART_HEIGHT_CLASS } from './chart-size.ts'

// Only the parts this chart uses; Filler shades the band between the bounds.
ChartJS.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Filler, Tooltip, Legend)

export type PredictionChartSeries = { name: string | null; model: PredictionChartModel }

function seriesLabel(name: string | null, kind: string) {
	return name ? `${name} ${kind.toLowerCase()}` : kind
}

/** Actual versus predicted values by month, with the prediction interval shaded between lower and upper bound. */
export default function PredictionChart({
	series,
	unit,
	label,
	axis,
}: {
	series: PredictionChartSeries[]
	unit: string | null
	label: string
	/** Value axis from the readings (see prediction-axis.ts); the band is cut at it. */
	axis: Pick<PredictionAxis, 'min' | 'max'>
}) {
	const labels = series[0]?.model.labels ?? []
	const suffix = unitSuffix(unit)
	const datasets: ChartDataset<'line', (number | null)[]>[] = series.flatMap(({ name, model }, index) => {
		const strong = index === 0 ? CHART_COLORS.primary : CHART_COLORS.secondary
		return [
			{
				label: seriesLabel(name, 'Lower bound'),
				data: clipToAxis(model.lower, axis),
				borderColor: 'transparent',
				pointRadius: 0,
				fill: false,
			},
			{
				label: seriesLabel(name, 'Upper bound'),
				data: clipToAxis(model.upper, axis),
				borderColor: 'transparent',
				backgroundColor: CHART_COLORS.interval,
				pointRadius: 0,
				fill: '-1',
			},
			{
				label: seriesLabel(name, PREDICTION_TEXTS.legendPredicted),
				data: model.predicted,
				borderColor: CHART_COLORS.predicted,
				backgroundColor: CHART_COLORS.predicted,
				borderDash: [6, 4],
				pointRadius: model.predicted.map((_, pointIndex) => (pointIndex >= model.forecastStart ? 4 : 0)),
				pointStyle: 'rectRot',
				borderWidth: 2,
			},
			{
				label: seriesLabel(name, PREDICTION_TEXTS.legendActual),
				data: model.actual,
				borderColor: strong,
				backgroundColor: strong,
				pointRadius: 4,
				borderWidth: 2,
				spanGaps: true,
			},
		]
	})

	const options: ChartOptions<'line'> = {
		responsive: true,
		maintainAspectRatio: false,
		animation: false,
		interaction: { mode: 'index', intersect: false },
		scales: {
			x: { grid: { color: CHART_COLORS.grid }, ticks: { color: CHART_COLORS.text } },
			y: {
				min: axis.min,
				max: axis.max,
				grid: { color: CHART_COLORS.grid },
				ticks: { color: CHART_COLORS.text },
				title: { display: !!unit, text: unit ?? '', color: CHART_COLORS.text },
			},
		},
		plugins: {
			legend: {
				labels: {
					usePointStyle: true,
					filter: (item) => !/bound$/i.test(item.text ?? ''),
				},
			},
			tooltip: {
				filter: (item) => item.parsed.y !== null,
				callbacks: { label: (item) => `${item.dataset.label}: ${item.parsed.y}${suffix}` },
			},
		},
	}

	return (
		<div className={`relative ${CHART_HEIGHT_CLASS.prediction} w-full`}>
			<Line data={{ labels, datasets }} options={options} role="img" aria-label={label} />
		</div>
	)
}
