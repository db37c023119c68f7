import {
	Chart as ChartJS,
	Legend,
	LineController,
	LineElement,
	LinearScale,
	PointElement,
	Tooltip,
	type ChartData,
	type ChartDataset,
	type ChartOptions,
	type Plugin,
	type PointStyle,
} from 'chart.js'
import { Line } from 'react-chartjs-2'
import type { ChartBand, ChartLine, MetricChartModel } from '#server/health/shared/chart-data.ts'
import { formatHealthDate, unitSuffix } from '#server/health/shared/format.ts'
import { TRENDS_TEXTS } from '#server/health/shared/texts.ts'
import { CHART_COLORS } from './chart-colors.ts'
import { CHART_HEIGHT_CLASS } from './chart-size.ts'

// Only the parts this chart uses.
ChartJS.register(LineController, LineElement, PointElement, LinearScale, Tooltip, Legend)

const DAY_MS = 86_400_000
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

function tickLabel(ms: number, spanDays: number) {
	const date = new Date(ms)
	const month = MONTHS[date.getUTCMonth()]
	return spanDays > 92 ? `${month} ${date.getUTCFullYear()}` : `${month} ${date.getUTCDate()}`
}

/** Draws each reference range as a shaded horizontal band behind the lines. */
function referenceBandsPlugin(bands: ChartBand[]): Plugin<'line'> {
	const colors = [CHART_COLORS.band, CHART_COLORS.secondaryBand]
	return {
		id: 'referenceBands',
		beforeDatasetsDraw(chart) {
			const { ctx, chartArea, scales } = chart
			const y = scales.y
			if (!y) return
			bands.forEach((band, index) => {
				const top = band.max === null ? chartArea.top : Math.max(chartArea.top, y.getPixelForValue(band.max))
				const bottom = band.min === null ? chartArea.bottom : Math.min(chartArea.bottom, y.getPixelForValue(band.min))
				if (bottom <= top) return
				ctx.save()
				ctx.fillStyle = colors[index % colors.length]
				ctx.fillRect(chartArea.left, top, chartArea.right - chartArea.left, bottom - top)
				ctx.restore()
			})
		},
	}
}

type XY = { x: number; y: number }

function lineDataset(line: ChartLine, color: string): ChartDataset<'line', XY[]> {
	const pointColors = line.points.map((point) => (point.flag ? CHART_COLORS.abnormal : color))
	const pointStyles: PointStyle[] = line.points.map((point) => (point.flag ? 'triangle' : 'circle'))
	const dataset = {
		label: line.label,
		data: line.points.map((point) => ({ x: point.x, y: point.y })),
		borderColor: color,
		backgroundColor: color,
		borderWidth: 2,
		tension: 0,
		pointBackgroundColor: pointColors,
		pointBorderColor: pointColors,
		pointStyle: pointStyles,
		pointRadius: line.points.map((point) => (point.flag ? 7 : 4)),
		pointHoverRadius: 8,
	}
	return dataset as ChartDataset<'line', XY[]>
}

/** A metric over time with its reference range shaded and abnormal readings as red triangles. */
export default function MetricChart({ model, label }: { model: MetricChartModel; label: string }) {
	const lineColors = [CHART_COLORS.primary, CHART_COLORS.secondary]
	const values = model.lines.flatMap((line) => line.points.map((point) => point.y))
	const bounds = model.bands.flatMap((band) => [band.min, band.max]).filter((value): value is number => value !== null)
	const all = [...values, ...bounds]
	const low = Math.min(...all)
	const high = Math.max(...all)
	const padding = Math.max(1, (high - low) * 0.1)
	const spanDays = Math.max(1, (model.xMax - model.xMin) / DAY_MS)
	const xPadding = Math.max(DAY_MS, (model.xMax - model.xMin) * 0.03)
	const suffix = unitSuffix(model.unit)

	const data: ChartData<'line', XY[]> = {
		datasets: model.lines.map((line, index) => lineDataset(line, lineColors[index % lineColors.length])),
	}

	const options: ChartOptions<'line'> = {
		responsive: true,
		maintainAspectRatio: false,
		animation: false,
		parsing: false,
		interaction: { mode: 'nearest', intersect: false },
		scales: {
			x: {
				type: 'linear',
				min: model.xMin - xPadding,
				max: model.xMax + xPadding,
				grid: { color: CHART_COLORS.grid },
				ticks: { color: CHART_COLORS.text, maxTicksLimit: 7, callback: (value) => tickLabel(Number(value), spanDays) },
			},
			y: {
				suggestedMin: Math.max(0, low - padding),
				suggestedMax: high + padding,
				grid: { color: CHART_COLORS.grid },
				ticks: { color: CHART_COLORS.text },
				title: { display: !!model.unit, text: model.unit ?? '', color: CHART_COLORS.text },
			},
		},
		plugins: {
			// Boxes in the line colours: the points' red triangles mark abnormal readings, not a series.
			legend: { display: model.lines.length > 1 },
			tooltip: {
				callbacks: {
					title: (items) => (items[0] ? formatHealthDate(new Date(Number(items[0].parsed.x)).toISOString().slice(0, 10)) : ''),
					label: (item) => {
						const point = model.lines[item.datasetIndex]?.points[item.dataIndex]
						const flag = point?.flag ? ` (${TRENDS_TEXTS.abnormalFlag[point.flag]})` : ''
						return `${item.dataset.label}: ${point?.text ?? item.parsed.y}${suffix}${flag}`
					},
				},
			},
		},
	}

	return (
		<div className={`relative ${CHART_HEIGHT_CLASS.metric} w-full`}>
			<Line<XY[]> data={data} options={options} plugins={[referenceBandsPlugin(model.bands)]} role="img" aria-label={label} />
		</div>
	)
}
