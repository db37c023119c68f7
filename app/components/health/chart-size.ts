/** The plot heights of the health charts. */
export const CHART_HEIGHT_CLASS = {
	metric: 'h-72',
	prediction: 'h-64',
} as const
