import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { Link } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { cn } from '#app/lib/cn.ts'
import { CARD_LABELS } from '#server/appointments/shared/labels.ts'
import type { AppointmentCardView } from '#server/appointments/index.ts'
import { MENU_BUTTON_CLASS, menuLabel, takeCardMenuOpenRequest } from './card-menu-button.ts'
import { DotsIcon } from './icons.tsx'
import { RescheduleLink } from './reschedule-link.tsx'

const menuItemClass = 'block w-full px-4 py-2 text-left text-sm data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-700'

/** A card's menu: View details, Reschedule and Cancel appointment (loaded lazily by appointment-card.tsx). */
export default function CardMenu({ card, onCancel }: { card: AppointmentCardView; onCancel: (card: AppointmentCardView) => void }) {
	const button = useRef<HTMLButtonElement>(null)
	useEffect(() => {
		// The plain button was clicked while this code was loading: open now.
		if (takeCardMenuOpenRequest(card.id)) button.current?.click()
	}, [card.id])
	return (
		<Menu as="div" className="relative">
			<MenuButton ref={button} className={MENU_BUTTON_CLASS} aria-label={menuLabel(card)}>
				<DotsIcon />
			</MenuButton>
			<MenuItems anchor="bottom end" className="z-40 mt-1 w-52 rounded-md bg-white py-1 shadow-lg ring-1 ring-black/5 focus:outline-none dark:bg-slate-800">
				<MenuItem>
					<Link to={`/appointments/${card.id}`} className={menuItemClass}>
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
	)
}
