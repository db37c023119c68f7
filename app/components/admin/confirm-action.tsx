import { Form, Link } from '@remix-run/react'
import { useState, type ReactNode } from 'react'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { useHydrated } from '#app/lib/health/use-hydrated.ts'

/**
 * A row or page action that asks first: with JavaScript the one ConfirmDialog
 * posting `fields` to `action`; without it a link to `noScriptHref`, a page
 * that shows the same question as a ConfirmPanel.
 */
export function ConfirmAction({
	label,
	title,
	description,
	confirmLabel,
	action,
	fields,
	noScriptHref,
	className,
	children,
}: {
	label: string
	title: string
	description: ReactNode
	confirmLabel: string
	/** Defaults to this route (with `?index` on an index route). */
	action?: string
	fields: Record<string, string>
	noScriptHref: string
	className?: string
	children?: ReactNode
}) {
	const isHydrated = useHydrated()
	const [isOpen, setOpen] = useState(false)
	if (!isHydrated) {
		return (
			<Link to={noScriptHref} className={className}>
				{label}
			</Link>
		)
	}
	return (
		<>
			<button type="button" className={className} onClick={() => setOpen(true)}>
				{label}
			</button>
			<ConfirmDialog
				isOpen={isOpen}
				onClose={() => setOpen(false)}
				title={title}
				description={description}
				confirmLabel={confirmLabel}
				cancelLabel="Cancel"
				renderForm={(content) => (
					<Form method="post" action={action} onSubmit={() => setOpen(false)}>
						{Object.entries(fields).map(([name, value]) => (
							<input key={name} type="hidden" name={name} value={value} />
						))}
						{content}
					</Form>
				)}
			>
				{children}
			</ConfirmDialog>
		</>
	)
}

/** A one-button POST form (Activate, Deactivate, Process Payment…). */
export function ActionButton({ action, fields, label, className }: { action?: string; fields: Record<string, string>; label: string; className?: string }) {
	return (
		<Form method="post" action={action} className="inline">
			{Object.entries(fields).map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
			<button type="submit" className={className}>
				{label}
			</button>
		</Form>
	)
}
