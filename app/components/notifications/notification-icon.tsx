import { cn } from '#app/lib/cn.ts'
import type { NotificationKind } from '#server/notifications/shared/notification.ts'

const STYLES: Record<NotificationKind, string> = {
	appointment: 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-100',
	success: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-200',
	warning: 'bg-amber-50 text-amber-700 dark:bg-amber-950 dark:text-amber-200',
	error: 'bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-200',
	info: 'bg-sky-50 text-sky-700 dark:bg-sky-950 dark:text-sky-200',
}

const PATHS: Record<NotificationKind, string> = {
	// calendar
	appointment: 'M8 2v3M16 2v3M3.5 9h17M5 4.5h14a1.5 1.5 0 0 1 1.5 1.5v13a1.5 1.5 0 0 1-1.5 1.5H5A1.5 1.5 0 0 1 3.5 19V6A1.5 1.5 0 0 1 5 4.5Z',
	// check in a circle
	success: 'M9 12.75 11.25 15 15 9.75M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
	// triangle with an exclamation mark
	warning: 'M12 9v3.75m0 3.75h.008M10.3 3.9 2.6 17.25A1.95 1.95 0 0 0 4.3 20.1h15.4a1.95 1.95 0 0 0 1.7-2.85L13.7 3.9a1.95 1.95 0 0 0-3.4 0Z',
	// x in a circle
	error: 'm9.75 9.75 4.5 4.5m0-4.5-4.5 4.5M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
	// i in a circle
	info: 'M11.25 11.25h.75v5.25h.75M12 7.5h.008M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
}

/** A notification's icon by kind (spec 2.11: appointment, success, warning, error, else info). */
export function NotificationIcon({ kind, className }: { kind: NotificationKind; className?: string }) {
	return (
		<span className={cn('flex h-8 w-8 shrink-0 items-center justify-center rounded-full', STYLES[kind], className)} data-kind={kind}>
			<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinecap="round" strokeLinejoin="round" className="h-5 w-5" aria-hidden>
				<path d={PATHS[kind]} />
			</svg>
		</span>
	)
}
