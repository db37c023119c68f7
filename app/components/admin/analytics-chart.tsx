import { BarController, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js'
import { Chart } from 'react-chartjs-2'

ChartJS.register(LineController, LineElement, PointElement, BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend)

const COLORS = ['#2563eb', '#dc2626', '#16a34a', '#d97706', '#7c3aed']

export type AnalyticsSeries = { label: string; values: (number | null)[] }

/** One admin analytics chart (line or bar) over labelled points. */
export default function AnalyticsChart({ type, labels, series, label }: { type: 'line' | 'bar'; labels: string[]; series: AnalyticsSeries[]; label: string }) {
	return (
		<div className="h-64" role="img" aria-label={label}>
			<Chart
				type={type}
				data={{
					labels,
					datasets: series.map((item, index) => ({
						label: item.label,
						data: item.values,
						borderColor: COLORS[index % COLORS.length],
						backgroundColor: COLORS[index % COLORS.length],
						spanGaps: true,
					})),
				}}
				options={{ maintainAspectRatio: false, animation: false, scales: { y: { beginAtZero: true } } }}
			/>
		</div>
	)
}
