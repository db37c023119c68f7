import { lazy, Suspense, type ComponentProps } from 'react'
import { useHydrated } from '#app/lib/health/use-hydrated.ts'

const LazyAnalyticsChart = lazy(() => import('./analytics-chart.tsx'))

/** Chart.js draws in the browser only: the server renders a table of the same figures, replaced by the chart once hydrated. */
export function ClientAnalyticsChart(props: ComponentProps<typeof LazyAnalyticsChart>) {
	const isHydrated = useHydrated()
	const fallback = <FigureTable {...props} />
	if (!isHydrated) return fallback
	return (
		<Suspense fallback={fallback}>
			<LazyAnalyticsChart {...props} />
		</Suspense>
	)
}

function FigureTable({ labels, series, label }: ComponentProps<typeof LazyAnalyticsChart>) {
	return (
		<div className="max-h-64 overflow-auto">
			<table className="min-w-full text-xs" aria-label={label}>
				<thead>
					<tr>
						<th className="px-2 text-left">&nbsp;</th>
						{series.map((item) => (
							<th key={item.label} className="px-2 text-left">
								{item.label}
							</th>
						))}
					</tr>
				</thead>
				<tbody>
					{labels.map((row, index) => (
						<tr key={row}>
							<td className="px-2">{row}</td>
							{series.map((item) => (
								<td key={item.label} className="px-2">
									{item.values[index] ?? '—'}
								</td>
							))}
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}
