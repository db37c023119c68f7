import type { BadgeVariant, StatusBadge } from '#server/appointments/shared/status-badge.ts'
import { cn } from '#app/lib/cn.ts'

const VARIANTS: Record<BadgeVariant, string> = {
	default: 'bg-brand-600 text-white ring-brand-600',
	secondary: 'bg-slate-100 text-slate-700 ring-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-700',
	destructive: 'bg-red-600 text-white ring-red-600',
	outline: 'bg-transparent text-slate-700 ring-slate-300 dark:text-slate-200 dark:ring-slate-600',
}

/** The appointment status badge (spec section 4: Confirmed default, Pending outline, Cancelled destructive). */
export function AppointmentStatusBadge({ badge, className }: { badge: StatusBadge; className?: string }) {
	return (
		<span
			data-testid="appointment-status"
			className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', VARIANTS[badge.variant], className)}
		>
			{badge.label}
		</span>
	)
}
