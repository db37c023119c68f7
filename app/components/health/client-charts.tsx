import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react'
import { useHydrated } from '#app/lib/health/use-hydrated.ts'
import { TRENDS_TEXTS } from '#server/health/shared/texts.ts'
import { CHART_HEIGHT_CLASS } from './chart-size.ts'

/*
 * Chart.js draws on a canvas in the browser only: the charts are loaded after
 * hydration (their own chunk, never in a page's first JavaScript), and the
 * server renders the fallback, a text version of the same data. The fallback
 * has the chart's height (CHART_HEIGHT_CLASS), so the chart replaces it
 * without moving the page (no layout shift).
 */
const LazyMetricChart = lazy(() => import('./metric-chart.tsx'))
const LazyPredictionChart = lazy(() => import('./prediction-chart.tsx'))

function ClientOnly({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
	const isHydrated = useHydrated()
	if (!isHydrated) return <>{fallback}</>
	return <Suspense fallback={fallback}>{children}</Suspense>
}

function ChartPlaceholder({ text, heightClass }: { text: string; heightClass: string }) {
	return (
		<div
			className={`flex ${heightClass} items-center justify-center rounded-md bg-slate-50 px-6 text-center text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300`}
		>
			<p>
				<span className="sr-only">{TRENDS_TEXTS.chartLoading} </span>
				{text}
			</p>
		</div>
	)
}

export function ClientMetricChart(props: ComponentProps<typeof LazyMetricChart>) {
	return (
		<ClientOnly fallback={<ChartPlaceholder text={props.label} heightClass={CHART_HEIGHT_CLASS.metric} />}>
			<LazyMetricChart {...props} />
		</ClientOnly>
	)
}

export function ClientPredictionChart(props: ComponentProps<typeof LazyPredictionChart>) {
	return (
		<ClientOnly fallback={<ChartPlaceholder text={props.label} heightClass={CHART_HEIGHT_CLASS.prediction} />}>
			<LazyPredictionChart {...props} />
		</ClientOnly>
	)
}
