import { useRevalidator } from '@remix-run/react'
import { useMutation } from '@tanstack/react-query'
import { Button } from '#app/components/ui/button.tsx'
import { useTRPC } from '#app/lib/trpc.tsx'

export const RETRY_TEXTS = { button: 'Retry processing', failed: 'Could not queue the document again. Please try again.' } as const

/** Queues a document that failed with a processing error again, then reloads the page's data. */
export function RetryProcessingButton({ documentId }: { documentId: string }) {
	const trpc = useTRPC()
	const revalidator = useRevalidator()
	const retry = useMutation(
		trpc.documents.retry.mutationOptions({
			onSuccess: () => revalidator.revalidate(),
		}),
	)
	return (
		<form
			method="post"
			className="mt-3 space-y-2"
			onSubmit={(event) => {
				event.preventDefault()
				if (!retry.isPending) retry.mutate({ id: documentId })
			}}
		>
			<input type="hidden" name="intent" value="retry" />
			<Button type="submit" variant="secondary" isPending={retry.isPending}>
				{RETRY_TEXTS.button}
			</Button>
			{retry.isError ? (
				// past the upload limit (a retry counts as an upload) the server's text says so; anything else the generic one
				<p className="text-sm">{retry.error.data?.code === 'TOO_MANY_REQUESTS' ? retry.error.message : RETRY_TEXTS.failed}</p>
			) : null}
		</form>
	)
}
