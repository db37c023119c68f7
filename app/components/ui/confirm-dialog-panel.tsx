import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import type { ReactNode } from 'react'
import { Button } from './button.tsx'

type Confirm =
	/** The confirm button calls this (a submit(), a tRPC mutation). */
	| { onConfirm: () => void; renderForm?: never }
	/**
	 * Wraps the fields and buttons in the form that performs the action: the
	 * confirm button is that form's submit button, so the dialog posts like
	 * any other form (`children` holds extra fields, such as a reason).
	 */
	| { renderForm: (content: ReactNode) => ReactNode; onConfirm?: never }

/**
 * The dialog of ConfirmDialog (confirm-dialog.tsx, where its behaviour is
 * described), in a module of its own: pages load it when a question is first asked.
 */
export default function ConfirmDialogPanel({
	isOpen,
	onClose,
	title,
	description,
	confirmLabel,
	cancelLabel,
	isPending = false,
	tone = 'destructive',
	children,
	...confirm
}: {
	isOpen: boolean
	onClose: () => void
	title: string
	description: ReactNode
	confirmLabel: string
	cancelLabel: string
	isPending?: boolean
	tone?: 'destructive' | 'primary'
	children?: ReactNode
} & Confirm) {
	const content = (
		<>
			{children ? <div className="mt-4">{children}</div> : null}
			<div className="mt-6 flex flex-wrap justify-end gap-3">
				<Button variant="secondary" onClick={onClose} disabled={isPending} autoFocus>
					{cancelLabel}
				</Button>
				{confirm.renderForm ? (
					<Button type="submit" variant={tone} isPending={isPending}>
						{confirmLabel}
					</Button>
				) : (
					<Button variant={tone} onClick={confirm.onConfirm} isPending={isPending}>
						{confirmLabel}
					</Button>
				)}
			</div>
		</>
	)
	return (
		<Dialog open={isOpen} onClose={isPending ? () => {} : onClose} className="fixed inset-0 z-50">
			<DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
			<div className="fixed inset-0 flex items-center justify-center p-4">
				<DialogPanel className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl dark:bg-slate-900">
					<DialogTitle className="text-lg font-semibold text-slate-900 dark:text-slate-100">{title}</DialogTitle>
					<Description as="div" className="mt-2 text-sm text-slate-600 dark:text-slate-300">
						{description}
					</Description>
					{confirm.renderForm ? confirm.renderForm(content) : content}
				</DialogPanel>
			</div>
		</Dialog>
	)
}
