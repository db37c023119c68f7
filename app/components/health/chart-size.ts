/** The charts' heights, shared by each chart's box and the placeholder the server renders in its place. */
export const CHART_HEIGHT_CLASS = {
	metric: 'h-72',
	prediction: 'h-64',
} as const
