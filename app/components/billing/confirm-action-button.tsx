import { Form } from '@remix-run/react'
import { useState, type ReactNode } from 'react'
import { Button, type ButtonProps } from '#app/components/ui/button.tsx'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'

export type ConfirmTexts = { title: string; description: ReactNode; confirmLabel: string; cancelLabel: string }

/**
 * A button whose action needs a confirmation (docs/decisions/010): with
 * JavaScript it opens the ConfirmDialog, whose confirm button submits a POST
 * of `intent` and `fields`; without it, it loads `?confirm=<intent>` with the
 * same fields, and the page shows a ConfirmPanel.
 */
export function ConfirmActionButton({
	intent,
	fields = {},
	label,
	variant,
	texts,
	tone,
	isPending,
}: {
	intent: string
	fields?: Record<string, string>
	label: string
	variant?: ButtonProps['variant']
	texts: ConfirmTexts
	tone?: 'destructive' | 'primary'
	isPending: boolean
}) {
	const [isOpen, setOpen] = useState(false)
	const hidden = Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)
	return (
		<>
			<form
				method="get"
				onSubmit={(event) => {
					event.preventDefault()
					setOpen(true)
				}}
			>
				<input type="hidden" name="confirm" value={intent} />
				{hidden}
				<Button type="submit" variant={variant}>
					{label}
				</Button>
			</form>
			<ConfirmDialog
				isOpen={isOpen}
				onClose={() => setOpen(false)}
				isPending={isPending}
				tone={tone}
				title={texts.title}
				description={texts.description}
				confirmLabel={texts.confirmLabel}
				cancelLabel={texts.cancelLabel}
				renderForm={(content) => (
					<Form method="post" onSubmit={() => setTimeout(() => setOpen(false), 0)}>
						<input type="hidden" name="intent" value={intent} />
						{hidden}
						{content}
					</Form>
				)}
			/>
		</>
	)
}
