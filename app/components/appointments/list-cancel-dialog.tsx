import { useRevalidator } from '@remix-run/react'
import { useMutation } from '@tanstack/react-query'
// Already loaded on demand: the dialog itself comes in the same chunk, not one more request later.
import ConfirmDialogPanel from '#app/components/ui/confirm-dialog-panel.tsx'
import { toast } from '#app/components/ui/toast.tsx'
import { useTRPC, withTrpc } from '#app/lib/trpc.tsx'
import { APPOINTMENT_CANCELLED_NOTICE, CANCEL_REASON_LABEL, LIST_CANCEL_DIALOG } from '#server/appointments/shared/labels.ts'
import type { AppointmentCardView } from '#server/appointments/index.ts'
import { CancelReasonField } from './cancel-reason-field.tsx'

/**
 * The list's 'Cancel appointment' question and its tRPC call. The list loads
 * this module (with tRPC, react-query and the dialog) when a patient first
 * asks to cancel, not with the page: most visits never cancel.
 */
function ListCancelDialog({ card, onClose }: { card: AppointmentCardView; onClose: () => void }) {
	const trpc = useTRPC()
	const revalidator = useRevalidator()
	const cancelMutation = useMutation(trpc.appointments.cancel.mutationOptions())

	function confirmCancel(formData: FormData) {
		const reason = formData.get('reason')
		cancelMutation.mutate(
			{ id: card.id, values: { reason: typeof reason === 'string' && reason.trim() ? reason : undefined } },
			{
				onSuccess: () => {
					onClose()
					toast(APPOINTMENT_CANCELLED_NOTICE)
					revalidator.revalidate()
				},
				onError: (error) => {
					onClose()
					toast({ title: LIST_CANCEL_DIALOG.title, description: error.message, tone: 'error' })
					revalidator.revalidate()
				},
			},
		)
	}

	return (
		<ConfirmDialogPanel
			isOpen
			onClose={onClose}
			title={LIST_CANCEL_DIALOG.title}
			description={LIST_CANCEL_DIALOG.message}
			confirmLabel={LIST_CANCEL_DIALOG.confirm}
			cancelLabel={LIST_CANCEL_DIALOG.dismiss}
			isPending={cancelMutation.isPending}
			renderForm={(content) => (
				<form
					onSubmit={(event) => {
						event.preventDefault()
						confirmCancel(new FormData(event.currentTarget))
					}}
				>
					{content}
				</form>
			)}
		>
			<CancelReasonField id="list-cancel-reason" label={CANCEL_REASON_LABEL} />
		</ConfirmDialogPanel>
	)
}

export default withTrpc(ListCancelDialog)
