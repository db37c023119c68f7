import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import type { ReactNode } from 'react'
import { Button } from '#app/components/ui/button.tsx'

/**
 * A confirmation dialog around a form: `children` holds the form's fields
 * (for example an optional reason) and its submit button is the confirm
 * button, so the dialog posts like any other form. Focus starts on the
 * keeping button; Escape and the backdrop close it.
 */
export function AppointmentDialog({
	isOpen,
	onClose,
	title,
	message,
	confirmLabel,
	dismissLabel,
	isPending = false,
	renderForm,
	children,
}: {
	isOpen: boolean
	onClose: () => void
	title: string
	message: string
	confirmLabel: string
	dismissLabel: string
	isPending?: boolean
	/** Wraps the fields and buttons in the form that performs the action. */
	renderForm: (content: ReactNode) => ReactNode
	children?: ReactNode
}) {
	return (
		<Dialog open={isOpen} onClose={isPending ? () => {} : onClose} className="relative z-50">
			<DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
			<div className="fixed inset-0 flex items-center justify-center p-4">
				<DialogPanel className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl dark:bg-slate-900">
					<DialogTitle className="text-lg font-semibold text-slate-900 dark:text-slate-100">{title}</DialogTitle>
					<Description className="mt-2 text-sm text-slate-600 dark:text-slate-300">{message}</Description>
					{renderForm(
						<>
							{children ? <div className="mt-4">{children}</div> : null}
							<div className="mt-6 flex flex-wrap justify-end gap-3">
								<Button variant="secondary" onClick={onClose} disabled={isPending} autoFocus>
									{dismissLabel}
								</Button>
								<Button type="submit" variant="destructive" isPending={isPending}>
									{confirmLabel}
								</Button>
							</div>
						</>,
					)}
				</DialogPanel>
			</div>
		</Dialog>
	)
}

/** The optional cancellation reason. */
export function CancelReasonField({ id, label, defaultValue }: { id: string; label: string; defaultValue?: string }) {
	return (
		<div>
			<label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
				{label}
			</label>
			<textarea
				id={id}
				name="reason"
				rows={2}
				maxLength={500}
				defaultValue={defaultValue}
				className="mt-1 block w-full rounded-md border-0 px-3 py-2 text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-inset focus:ring-brand-600 sm:text-sm dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600"
			/>
		</div>
	)
}
