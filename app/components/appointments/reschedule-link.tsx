import { Link } from '@remix-run/react'
import { forwardRef, type ComponentPropsWithoutRef } from 'react'
import { toast } from '#app/components/ui/toast.tsx'
import { RESCHEDULING_NOTICE } from '#server/appointments/shared/labels.ts'

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
