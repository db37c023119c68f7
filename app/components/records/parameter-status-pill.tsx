import { cn } from '#app/lib/cn.ts'
import { PARAMETER_TONE_BADGE, parameterStatusLabel, parameterTone } from '#server/documents/shared/parameter-status.ts'

/** The status of a lab value in words, coloured red (high, critical), yellow (low) or green. */
export function ParameterStatusPill({ status, className }: { status: string | null | undefined; className?: string }) {
	const tone = parameterTone(status)
	return (
		<span
			className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', PARAMETER_TONE_BADGE[tone], className)}
			data-tone={tone}
		>
			{parameterStatusLabel(status)}
		</span>
	)
}
