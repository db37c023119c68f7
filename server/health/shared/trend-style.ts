import type { TrendColor } from './metrics.ts'
import type { RiskLevel } from './risk.ts'
import type { TrendDirection } from './types.ts'

/**
 * How trends and risk levels look (spec 2.5): up is red, down is green,
 * stable is blue on a badge and grey on an overview card. The direction is
 * always written out as well, so it never rests on colour alone.
 */

export const TREND_BADGE_CLASSES: Record<TrendColor, string> = {
	red: 'bg-red-100 text-red-800 ring-red-600/20 dark:bg-red-950 dark:text-red-200 dark:ring-red-400/30',
	green: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-400/30',
	blue: 'bg-sky-100 text-sky-800 ring-sky-600/20 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-400/30',
	grey: 'bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-400/30',
}

/** Text colour of the trend line on an overview card. */
export const TREND_TEXT_CLASSES: Record<TrendColor, string> = {
	red: 'text-red-700 dark:text-red-300',
	green: 'text-emerald-700 dark:text-emerald-300',
	blue: 'text-sky-700 dark:text-sky-300',
	grey: 'text-slate-600 dark:text-slate-300',
}

export const TREND_ARROWS: Record<TrendDirection, string> = { up: '↑', down: '↓', stable: '→' }
export const TREND_WORDS: Record<TrendDirection, string> = { up: 'Up', down: 'Down', stable: 'Stable' }

/** 'Up 5.2% from last month', 'Stable 0.3% since Jan 2025', or the label alone without a comparison. */
export function describeTrend(trend: TrendDirection | null, trendValue: string | null, trendLabel: string): string {
	if (trend === null || trendValue === null) return trendLabel
	const amount = trendValue.replace(/^[+-]/, '')
	return `${TREND_WORDS[trend]} ${amount} ${trendLabel}`
}

export const RISK_LEVEL_LABELS: Record<RiskLevel, string> = { low: 'Low', moderate: 'Moderate', high: 'High' }

export const RISK_LEVEL_BADGE_TONES = { low: 'success', moderate: 'warning', high: 'danger' } as const satisfies Record<RiskLevel, string>

/** Bar colour of a risk score (0-100). */
export const RISK_LEVEL_BAR_CLASSES: Record<RiskLevel, string> = {
	low: 'bg-emerald-500',
	moderate: 'bg-amber-500',
	high: 'bg-red-600',
}

/** The Health Score's colour by its label. */
export function healthScoreTone(label: 'Good' | 'Fair' | 'Needs attention' | null) {
	if (label === 'Good') return 'success' as const
	if (label === 'Fair') return 'warning' as const
	if (label === 'Needs attention') return 'danger' as const
	return 'neutral' as const
}
