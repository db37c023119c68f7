/** Colours of the health charts (canvas drawing needs concrete values, not Tailwind classes). */
export const CHART_COLORS = {
	primary: '#0f6f65',
	secondary: '#6366f1',
	abnormal: '#dc2626',
	band: 'rgba(16, 185, 129, 0.12)',
	secondaryBand: 'rgba(99, 102, 241, 0.10)',
	predicted: '#d97706',
	interval: 'rgba(217, 119, 6, 0.18)',
	grid: 'rgba(148, 163, 184, 0.25)',
	text: '#64748b',
} as const
