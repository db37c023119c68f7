import { Link, useLocation } from '@remix-run/react'
import { DATE_HEADER_LABELS } from '#server/appointments/shared/labels.ts'
import { shownDateHref } from '#server/appointments/shared/list-url.ts'
import type { AppointmentListPage } from '#server/appointments/index.ts'
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx'
import { buttonClassName } from '#app/components/ui/button.tsx'

const stepClass = buttonClassName('secondary', undefined, 'icon')

/** The Upcoming tab's day: previous / next move it one day (never before today), Today jumps back. */
export function DateHeader({
	page,
}: {
	page: Pick<AppointmentListPage, 'today' | 'shownDate' | 'shownDateHeading' | 'shownDateText' | 'canStepBack' | 'previousShownDate' | 'nextShownDate'>
}) {
	const search = new URLSearchParams(useLocation().search)
	const isToday = page.shownDate === page.today
	return (
		<div className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900">
			<div className="flex items-center gap-2">
				{page.canStepBack ? (
					<Link
						to={shownDateHref(search, page.previousShownDate, page.today)}
						className={stepClass}
						aria-label={DATE_HEADER_LABELS.previous}
						preventScrollReset
					>
						<ChevronLeftIcon />
					</Link>
				) : (
					<span className={`${stepClass} cursor-not-allowed opacity-40`} role="link" aria-disabled="true" aria-label={DATE_HEADER_LABELS.previous}>
						<ChevronLeftIcon />
					</span>
				)}
				<Link to={shownDateHref(search, page.nextShownDate, page.today)} className={stepClass} aria-label={DATE_HEADER_LABELS.next} preventScrollReset>
					<ChevronRightIcon />
				</Link>
			</div>
			<p className="text-center" data-testid="shown-date">
				<span className="block text-sm font-semibold">{page.shownDateHeading}</span>
				{page.shownDateHeading !== page.shownDateText ? <span className="block text-xs text-slate-500 dark:text-slate-400">{page.shownDateText}</span> : null}
			</p>
			{isToday ? (
				<span className="rounded-md px-3 py-1.5 text-sm font-semibold text-slate-400" aria-disabled="true">
					{DATE_HEADER_LABELS.today}
				</span>
			) : (
				<Link to={shownDateHref(search, page.today, page.today)} preventScrollReset className={buttonClassName('secondary', undefined, 'small')}>
					{DATE_HEADER_LABELS.today}
				</Link>
			)}
		</div>
	)
}
