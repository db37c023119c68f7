import { Link } from '@remix-run/react'
import { lazy } from 'react'
import { CARD_LABELS } from '#server/appointments/shared/labels.ts'
import { AfterHydration } from '#app/components/after-hydration.tsx'
import { cn } from '#app/lib/cn.ts'
import type { AppointmentCardView } from '#server/appointments/index.ts'
import { CalendarIcon, ClockIcon, DotsIcon, MapPinIcon, PhoneIcon, UserIcon, VideoIcon } from './icons.tsx'
import { MENU_BUTTON_CLASS, menuLabel, requestCardMenuOpen } from './card-menu-button.ts'
import { AppointmentStatusBadge } from './status-badge.tsx'
import { buttonClassName } from '#app/components/ui/button.tsx'

// Headless UI's menu (and its positioning code) loads after the list has hydrated: the
// server renders the same-looking button, and a click on it opens the menu once loaded.
const CardMenu = lazy(() => import('./card-menu.tsx'))

const actionClass = buttonClassName('secondary', 'relative z-10', 'small')

/**
 * One appointment in the list (spec 2.9): clicking the card opens its
 * details; Call and Join for an upcoming appointment with a contact; a menu
 * with View details, Reschedule and Cancel appointment.
 */
export function AppointmentCard({ card, onCancel }: { card: AppointmentCardView; onCancel: (card: AppointmentCardView) => void }) {
	const detailHref = `/appointments/${card.id}`
	return (
		<article
			data-testid="appointment-card"
			aria-labelledby={`appointment-${card.id}-title`}
			className={cn(
				'relative min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-500 hover:shadow dark:border-slate-700 dark:bg-slate-900',
				card.status === 'cancelled' ? 'opacity-80' : '',
			)}
		>
			<div className="flex items-start justify-between gap-3">
				<div className="min-w-0">
					<h3 id={`appointment-${card.id}-title`} className="truncate text-base font-semibold">
						<Link to={detailHref} className="after:absolute after:inset-0 focus-visible:outline-none">
							{card.title}
						</Link>
					</h3>
					<p className="text-sm text-slate-600 dark:text-slate-300">{card.specialty}</p>
				</div>
				<div className="relative z-10 flex shrink-0 items-center gap-2">
					<AppointmentStatusBadge badge={card.badge} />
					<AfterHydration
						fallback={
							<div className="relative">
								<button type="button" className={MENU_BUTTON_CLASS} aria-label={menuLabel(card)} onClick={() => requestCardMenuOpen(card.id)}>
									<DotsIcon />
								</button>
							</div>
						}
					>
						<CardMenu card={card} onCancel={onCancel} />
					</AfterHydration>
				</div>
			</div>
			<dl className="mt-3 grid gap-1.5 text-sm text-slate-700 sm:grid-cols-2 dark:text-slate-300">
				<div className="flex items-center gap-2">
					<dt className="sr-only">Doctor</dt>
					<UserIcon className="h-4 w-4 text-slate-400" />
					<dd>{card.provider}</dd>
				</div>
				<div className="flex items-center gap-2">
					<dt className="sr-only">Date</dt>
					<CalendarIcon className="h-4 w-4 text-slate-400" />
					<dd>{card.dateText}</dd>
				</div>
				<div className="flex items-center gap-2">
					<dt className="sr-only">Time</dt>
					<ClockIcon className="h-4 w-4 text-slate-400" />
					<dd>{card.timeText}</dd>
				</div>
				{card.location ? (
					<div className="flex items-center gap-2">
						<dt className="sr-only">Location</dt>
						<MapPinIcon className="h-4 w-4 text-slate-400" />
						<dd>{card.location}</dd>
					</div>
				) : null}
			</dl>
			{card.callHref || card.joinHref ? (
				<div className="mt-4 flex flex-wrap gap-2">
					{card.callHref ? (
						<a href={card.callHref} className={actionClass}>
							<PhoneIcon /> {CARD_LABELS.call}
						</a>
					) : null}
					{card.joinHref ? (
						<a href={card.joinHref} target="_blank" rel="noopener noreferrer" className={actionClass}>
							<VideoIcon /> {CARD_LABELS.join}
						</a>
					) : null}
				</div>
			) : null}
		</article>
	)
}
