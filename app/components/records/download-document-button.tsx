import { useMutation } from '@tanstack/react-query'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { useTRPC } from '#app/lib/trpc.tsx'
import { DOCUMENT_MESSAGES } from '#server/documents/shared/messages.ts'

export const DOWNLOAD_TEXTS = { idle: 'Download/View Document', busy: 'Downloading...' } as const

/**
 * Asks for a short-lived link to the original file and opens it in a new tab.
 * Without JavaScript the form posts `intent=download` into a new tab and the
 * route redirects there to the same link.
 */
export function DownloadDocumentButton({ documentId }: { documentId: string }) {
	const trpc = useTRPC()
	const download = useMutation(
		trpc.documents.downloadLink.mutationOptions({
			onSuccess: ({ url }) => {
				window.open(url, '_blank', 'noopener')
			},
		}),
	)
	return (
		<div className="space-y-2">
			<form
				method="post"
				target="_blank"
				onSubmit={(event) => {
					event.preventDefault()
					if (!download.isPending) download.mutate({ id: documentId })
				}}
			>
				<input type="hidden" name="intent" value="download" />
				<Button type="submit" isPending={download.isPending}>
					{download.isPending ? DOWNLOAD_TEXTS.busy : DOWNLOAD_TEXTS.idle}
				</Button>
			</form>
			{download.isError ? <Alert>{DOCUMENT_MESSAGES.downloadFailed}</Alert> : null}
		</div>
	)
}
