import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import type { ReactNode } from 'react'
import { Button } from './button.tsx'

/**
 * A modal asking the user to confirm an action. Focus starts on the
 * cancelling button, Escape and the backdrop cancel.
 */
export function ConfirmDialog({
	isOpen,
	onClose,
	onConfirm,
	title,
	description,
	confirmLabel,
	cancelLabel,
	isPending = false,
	tone = 'destructive',
}: {
	isOpen: boolean
	onClose: () => void
	onConfirm: () => void
	title: string
	description: ReactNode
	confirmLabel: string
	cancelLabel: string
	isPending?: boolean
	tone?: 'destructive' | 'primary'
}) {
	return (
		<Dialog open={isOpen} onClose={isPending ? () => {} : onClose} className="fixed inset-0 z-50">
			<DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
			<div className="fixed inset-0 flex items-center justify-center p-4">
				<DialogPanel className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl dark:bg-slate-900">
					<DialogTitle className="text-lg font-semibold text-slate-900 dark:text-slate-100">{title}</DialogTitle>
					<Description as="div" className="mt-2 text-sm text-slate-600 dark:text-slate-300">
						{description}
					</Description>
					<div className="mt-6 flex flex-wrap justify-end gap-3">
						<Button variant="secondary" onClick={onClose} disabled={isPending} autoFocus>
							{cancelLabel}
						</Button>
						<Button variant={tone} onClick={onConfirm} isPending={isPending}>
							{confirmLabel}
						</Button>
					</div>
				</DialogPanel>
			</div>
		</Dialog>
	)
}
