import type { ParameterStatus } from '#server/lab-vocabulary/shared/parameter-status.ts'
import { guidelineGradeOf } from '#server/lab-vocabulary/shared/grading.ts'

/**
 * How a lab value's status is shown (spec 2.6): red for high or critical,
 * yellow for low, green for normal, neutral grey for a value no rule grades
 * ('Not graded': no printed range and no guideline, decision 025). Every
 * colour comes with a text label so the status never rests on colour alone.
 */
export type { ParameterStatus }

export type ParameterTone = 'red' | 'yellow' | 'green' | 'neutral'

export function parameterTone(status: string | null | undefined): ParameterTone {
	if (status === 'high' || status === 'critical') return 'red'
	if (status === 'low') return 'yellow'
	if (status === 'normal') return 'green'
	return 'neutral'
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

export type GradedValue = {
	code: string
	value: number
	unit: string | null
	status: string | null | undefined
	referenceRangeMin: number | null
	referenceRangeMax: number | null
}

/**
 * A value's grade in words, the same on every screen (the document page,
 * trends, compare, the shared view): a value graded by a guideline, having no
 * printed range, names it ('Stage 1 hypertension (ACC/AHA)', 'Normal weight
 * (WHO)'); any other says its status ('High', 'Not graded').
 */
export function parameterGradeLabel(row: GradedValue): string {
	const byGuideline = row.status
		? guidelineGradeOf({ code: row.code, value: row.value, unit: row.unit, min: row.referenceRangeMin, max: row.referenceRangeMax })
		: null
	if (byGuideline && byGuideline.status === row.status) return byGuideline.label
	return parameterStatusLabel(row.status)
}

/** Text colour for a value cell. */
export const PARAMETER_TONE_TEXT: Record<ParameterTone, string> = {
	red: 'text-red-700 dark:text-red-300',
	yellow: 'text-amber-700 dark:text-amber-300',
	green: 'text-emerald-700 dark:text-emerald-300',
	neutral: 'text-slate-900 dark:text-slate-100',
}

/** Pill colours for the status label. */
export const PARAMETER_TONE_BADGE: Record<ParameterTone, string> = {
	red: 'bg-red-100 text-red-800 ring-red-600/20 dark:bg-red-950 dark:text-red-200 dark:ring-red-400/30',
	yellow: 'bg-amber-100 text-amber-800 ring-amber-600/20 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-400/30',
	green: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-400/30',
	neutral: 'bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-400/30',
}
