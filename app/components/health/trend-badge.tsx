import { cn } from '#app/lib/cn.ts'
import { TREND_ARROWS, TREND_BADGE_CLASSES, TREND_WORDS } from '#server/health/shared/trend-style.ts'
import type { TrendColor } from '#server/health/shared/metrics.ts'
import type { TrendDirection } from '#server/health/shared/types.ts'

/** A trend badge: arrow and word, coloured up red, down green, stable blue. */
export function TrendBadge({ trend, color, prefix }: { trend: TrendDirection; color: TrendColor; prefix?: string }) {
	return (
		<span
			className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', TREND_BADGE_CLASSES[color])}
			data-testid="trend-badge"
		>
			<span aria-hidden="true">{TREND_ARROWS[trend]}&nbsp;</span>
			{prefix ? `${prefix}: ` : ''}
			{TREND_WORDS[trend]}
		</span>
	)
}
