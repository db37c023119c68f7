import { Form, Link, useNavigation, useSubmit } from '@remix-run/react'
import { useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'

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
		<section
			role="alertdialog"
			aria-labelledby="delete-confirm-title"
			aria-describedby="delete-confirm-description"
			className="rounded-lg border border-red-200 bg-red-50 p-6 dark:border-red-900 dark:bg-red-950"
		>
			<h2 id="delete-confirm-title" className="text-lg font-semibold text-red-900 dark:text-red-100">
				{DELETE_TEXTS.title}
			</h2>
			<p id="delete-confirm-description" className="mt-2 text-sm text-red-800 dark:text-red-200">
				{DELETE_TEXTS.description}
			</p>
			<Form method="post" action={`/records/${documentId}`} className="mt-4 flex flex-wrap gap-3">
				<input type="hidden" name="intent" value="delete" />
				<Button type="submit" variant="destructive" isPending={isDeleting}>
					{DELETE_TEXTS.confirm}
				</Button>
				<Link
					to={`/records/${documentId}`}
					replace
					className="inline-flex items-center rounded-md bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600"
				>
					{DELETE_TEXTS.cancel}
				</Link>
			</Form>
		</section>
	)
}
