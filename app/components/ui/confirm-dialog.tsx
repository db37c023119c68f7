import { Form, Link } from '@remix-run/react'
import { lazy, Suspense, useId, type ComponentProps, type ReactNode } from 'react'
import { Button, buttonClassName } from './button.tsx'

// Headless UI's dialog (focus trap, portal, inert page) is code a page needs only once a question is asked.
const ConfirmDialogPanel = lazy(() => import('./confirm-dialog-panel.tsx'))

/**
 * The one confirmation dialog (docs/decisions/010-errors-and-notices.md):
 * every "are you sure?" uses it. Focus starts on the cancelling button;
 * Escape and the backdrop cancel, except while the action runs. Without
 * JavaScript the page shows the same question in the page instead (a
 * `?confirm=` link to a plain form, see ConfirmPanel). The dialog's code
 * loads when it first opens, not with the page.
 */
export function ConfirmDialog(props: ComponentProps<typeof ConfirmDialogPanel>) {
	if (!props.isOpen) return null
	return (
		<Suspense fallback={null}>
			<ConfirmDialogPanel {...props} />
		</Suspense>
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
					<Link to={cancelHref} replace className={buttonClassName('secondary')}>
						{cancelLabel}
					</Link>
				</div>
			</Form>
		</section>
	)
}
