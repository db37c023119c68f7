/**
 * How a lab value's status is shown (spec 2.6): red for high or critical,
 * yellow for low, green otherwise. Every colour comes with a text label so
 * the status never rests on colour alone.
 */
export type ParameterStatus = 'normal' | 'low' | 'high' | 'critical'

export type ParameterTone = 'red' | 'yellow' | 'green'

export function parameterTone(status: string | null | undefined): ParameterTone {
	if (status === 'high' || status === 'critical') return 'red'
	if (status === 'low') return 'yellow'
	return 'green'
}

const STATUS_LABELS: Record<ParameterStatus, string> = {
	normal: 'Normal',
	low: 'Low',
	high: 'High',
	critical: 'Critical',
}

/** 'High', 'Low', 'Critical', 'Normal'; a value without a graded status (no reference range) says so. */
export function parameterStatusLabel(status: string | null | undefined) {
	return status && Object.hasOwn(STATUS_LABELS, status) ? STATUS_LABELS[status as ParameterStatus] : 'Not graded'
}

/** Text colour for a value cell. */
export const PARAMETER_TONE_TEXT: Record<ParameterTone, string> = {
	red: 'text-red-700 dark:text-red-300',
	yellow: 'text-amber-700 dark:text-amber-300',
	green: 'text-emerald-700 dark:text-emerald-300',
}

/** Pill colours for the status label. */
export const PARAMETER_TONE_BADGE: Record<ParameterTone, string> = {
	red: 'bg-red-100 text-red-800 ring-red-600/20 dark:bg-red-950 dark:text-red-200 dark:ring-red-400/30',
	yellow: 'bg-amber-100 text-amber-800 ring-amber-600/20 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-400/30',
	green: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-400/30',
}
