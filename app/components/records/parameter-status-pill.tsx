import { cn } from '#app/lib/cn.ts'
import { PARAMETER_TONE_BADGE, parameterGradeLabel, parameterTone, type GradedValue } from '#server/documents/shared/parameter-status.ts'

/**
 * The grade of a value in words (parameterGradeLabel: 'High', 'Not graded', 'Stage 1 hypertension (ACC/AHA)'),
 * coloured red (high, critical), yellow (low), green (normal) or grey (not graded).
 */
export function ParameterStatusPill({ value, className }: { value: GradedValue; className?: string }) {
	const tone = parameterTone(value.status)
	return (
		<span
			className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', PARAMETER_TONE_BADGE[tone], className)}
			data-tone={tone}
			data-testid="parameter-grade"
		>
			{parameterGradeLabel(value)}
		</span>
	)
}
