import { useNavigation, useSubmit } from '@remix-run/react'
import { useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { ConfirmDialog, ConfirmPanel } from '#app/components/ui/confirm-dialog.tsx'

export const DELETE_TEXTS = {
	trigger: 'Delete',
	title: 'Delete this document?',
	description: 'The file, its extracted text and its lab values will be removed permanently. This cannot be undone.',
	confirm: 'Delete document',
	cancel: 'Keep document',
} as const

function useIsDeleting() {
	const navigation = useNavigation()
	return navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST' && navigation.formData?.get('intent') === 'delete'
}

/**
 * Delete with a confirmation. With JavaScript the button opens a dialog;
 * without it, it loads `?confirm=delete`, which shows the same question in
 * the page with a plain POST form (`intent=delete`).
 */
export function DeleteDocumentButton({ documentId }: { documentId: string }) {
	const [isOpen, setOpen] = useState(false)
	const submit = useSubmit()
	const isDeleting = useIsDeleting()
	return (
		<>
			<form
				method="get"
				action={`/records/${documentId}`}
				onSubmit={(event) => {
					event.preventDefault()
					setOpen(true)
				}}
			>
				<input type="hidden" name="confirm" value="delete" />
				<Button type="submit" variant="destructive">
					{DELETE_TEXTS.trigger}
				</Button>
			</form>
			<ConfirmDialog
				isOpen={isOpen}
				onClose={() => setOpen(false)}
				onConfirm={() => submit({ intent: 'delete' }, { method: 'post', action: `/records/${documentId}` })}
				isPending={isDeleting}
				title={DELETE_TEXTS.title}
				description={<p>{DELETE_TEXTS.description}</p>}
				confirmLabel={DELETE_TEXTS.confirm}
				cancelLabel={DELETE_TEXTS.cancel}
			/>
		</>
	)
}

/** The confirmation shown in the page when JavaScript did not open the dialog. */
export function InlineDeleteConfirmation({ documentId }: { documentId: string }) {
	const isDeleting = useIsDeleting()
	return (
		<ConfirmPanel
			title={DELETE_TEXTS.title}
			description={DELETE_TEXTS.description}
			confirmLabel={DELETE_TEXTS.confirm}
			cancelLabel={DELETE_TEXTS.cancel}
			cancelHref={`/records/${documentId}`}
			action={`/records/${documentId}`}
			intent="delete"
			isPending={isDeleting}
		/>
	)
}
