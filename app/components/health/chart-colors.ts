import type { ChartColorName } from '#server/health/shared/chart-geometry.ts'

/** Colours of the health charts (SVG fills and strokes, the same in light and dark mode). */
export const CHART_COLORS: Record<ChartColorName, string> = {
	primary: '#0f6f65',
	secondary: '#6366f1',
	abnormal: '#dc2626',
	band: 'rgba(16, 185, 129, 0.12)',
	secondaryBand: 'rgba(99, 102, 241, 0.10)',
	predicted: '#d97706',
	interval: 'rgba(217, 119, 6, 0.18)',
}
