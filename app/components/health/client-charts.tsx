import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react'
import { useHydrated } from '#app/lib/health/use-hydrated.ts'
import { TRENDS_TEXTS } from '#server/health/shared/texts.ts'

/*
 * Chart.js draws on a canvas in the browser only: the charts are loaded after
 * hydration (their own chunk), and the server renders the fallback, a text
 * version of the same data.
 */
const LazyMetricChart = lazy(() => import('./metric-chart.tsx'))
const LazyPredictionChart = lazy(() => import('./prediction-chart.tsx'))

function ClientOnly({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
	const isHydrated = useHydrated()
	if (!isHydrated) return <>{fallback}</>
	return <Suspense fallback={fallback}>{children}</Suspense>
}

function ChartPlaceholder({ text }: { text: string }) {
	return (
		<div className="flex h-64 items-center justify-center rounded-md bg-slate-50 px-6 text-center text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">
			<p>
				<span className="sr-only">{TRENDS_TEXTS.chartLoading} </span>
				{text}
			</p>
		</div>
	)
}

export function ClientMetricChart(props: ComponentProps<typeof LazyMetricChart>) {
	return (
		<ClientOnly fallback={<ChartPlaceholder text={props.label} />}>
			<LazyMetricChart {...props} />
		</ClientOnly>
	)
}

export function ClientPredictionChart(props: ComponentProps<typeof LazyPredictionChart>) {
	return (
		<ClientOnly fallback={<ChartPlaceholder text={props.label} />}>
			<LazyPredictionChart {...props} />
		</ClientOnly>
	)
}
