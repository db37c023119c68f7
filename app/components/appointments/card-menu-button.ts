import type { AppointmentCardView } from '#server/appointments/index.ts'

/** The card's menu button, alike in the menu and in the plain button shown until the menu's code loads. */
export const MENU_BUTTON_CLASS =
	'rounded-md p-1.5 text-slate-500 dark:text-slate-400 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-slate-800'

export function menuLabel(card: Pick<AppointmentCardView, 'title'>) {
	return `Actions for ${card.title}`
}

let requestedCardId: string | null = null

/** A click on a card's plain button before the menu's code has loaded: that card's menu opens once it has. */
export function requestCardMenuOpen(cardId: string) {
	requestedCardId = cardId
}

/** True once for the card whose plain button was clicked (its menu calls it when it mounts). */
export function takeCardMenuOpenRequest(cardId: string) {
	if (requestedCardId !== cardId) return false
	requestedCardId = null
	return true
}
