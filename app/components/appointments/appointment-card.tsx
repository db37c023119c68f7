import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { Link } from '@remix-run/react'
import { forwardRef, type ComponentPropsWithoutRef } from 'react'
import { CARD_LABELS, RESCHEDULING_NOTICE } from '#server/appointments/shared/labels.ts'
import { toast } from '#app/components/ui/toast.tsx'
import { cn } from '#app/lib/cn.ts'
import type { AppointmentCardView } from '#server/appointments/index.ts'
import { CalendarIcon, ClockIcon, DotsIcon, MapPinIcon, PhoneIcon, UserIcon, VideoIcon } from './icons.tsx'
import { AppointmentStatusBadge } from './status-badge.tsx'

const menuItemClass = 'block w-full px-4 py-2 text-left text-sm data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-700'
const actionClass =
	'relative z-10 inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-semibold ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:ring-slate-600 dark:hover:bg-slate-800'

/**
 * Reschedule: to the reschedule screen, with the spec's info notice
 * 'Appointment Rescheduling'. Forwards its ref and props (a menu item's).
 */
export const RescheduleLink = forwardRef<HTMLAnchorElement, Omit<ComponentPropsWithoutRef<typeof Link>, 'to'> & { appointmentId: string }>(
	function RescheduleLink({ appointmentId, onClick, ...props }, ref) {
		return (
			<Link
				ref={ref}
				to={`/appointments/${appointmentId}/reschedule`}
				onClick={(event) => {
					toast(RESCHEDULING_NOTICE)
					onClick?.(event)
				}}
				{...props}
			/>
		)
	},
)

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
					<Menu as="div" className="relative">
						<MenuButton
							className="rounded-md p-1.5 text-slate-500 dark:text-slate-400 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-slate-800"
							aria-label={`Actions for ${card.title}`}
						>
							<DotsIcon />
						</MenuButton>
						<MenuItems
							anchor="bottom end"
							className="z-40 mt-1 w-52 rounded-md bg-white py-1 shadow-lg ring-1 ring-black/5 focus:outline-none dark:bg-slate-800"
						>
							<MenuItem>
								<Link to={detailHref} className={menuItemClass}>
									{CARD_LABELS.viewDetails}
								</Link>
							</MenuItem>
							{card.canReschedule ? (
								<MenuItem>
									<RescheduleLink appointmentId={card.id} className={menuItemClass}>
										{CARD_LABELS.reschedule}
									</RescheduleLink>
								</MenuItem>
							) : null}
							{card.canCancel ? (
								<MenuItem>
									<button type="button" onClick={() => onCancel(card)} className={cn(menuItemClass, 'text-red-700 dark:text-red-300')}>
										{CARD_LABELS.cancelAppointment}
									</button>
								</MenuItem>
							) : null}
						</MenuItems>
					</Menu>
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
