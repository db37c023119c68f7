import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { Form, Link } from '@remix-run/react'
import { useId, type ReactNode } from 'react'
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
 * The one confirmation dialog (docs/decisions/010-errors-and-notices.md):
 * every "are you sure?" uses it. Focus starts on the cancelling button;
 * Escape and the backdrop cancel, except while the action runs. Without
 * JavaScript the page shows the same question in the page instead (a
 * `?confirm=` link to a plain form, see ConfirmPanel).
 */
export function ConfirmDialog({
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

/**
 * The same question in the page, for when JavaScript did not open the
 * dialog: the trigger is a link to `?confirm=<intent>`, the page renders
 * this panel, and it posts `intent` to `action` with a plain form; the
 * cancelling link goes back to `cancelHref`.
 */
export function ConfirmPanel({
	title,
	description,
	confirmLabel,
	cancelLabel,
	cancelHref,
	action,
	intent,
	isPending = false,
	children,
}: {
	title: string
	description: ReactNode
	confirmLabel: string
	cancelLabel: string
	cancelHref: string
	action: string
	intent: string
	isPending?: boolean
	children?: ReactNode
}) {
	const id = useId()
	return (
		<section
			role="alertdialog"
			aria-labelledby={`${id}-title`}
			aria-describedby={`${id}-description`}
			className="rounded-lg border border-red-200 bg-red-50 p-6 dark:border-red-900 dark:bg-red-950"
		>
			<h2 id={`${id}-title`} className="text-lg font-semibold text-red-900 dark:text-red-100">
				{title}
			</h2>
			<div id={`${id}-description`} className="mt-2 text-sm text-red-800 dark:text-red-200">
				{description}
			</div>
			<Form method="post" action={action} className="mt-4 space-y-4">
				<input type="hidden" name="intent" value={intent} />
				{children}
				<div className="flex flex-wrap gap-3">
					<Button type="submit" variant="destructive" isPending={isPending}>
						{confirmLabel}
					</Button>
					<Link
						to={cancelHref}
						replace
						className="inline-flex items-center rounded-md bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600"
					>
						{cancelLabel}
					</Link>
				</div>
			</Form>
		</section>
	)
}
