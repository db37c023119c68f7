import { useRevalidator } from '@remix-run/react'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { isAwaitingProcessing, PROCESSING_REFRESH_MS } from '#server/documents/shared/document-status.ts'
import { useTRPC } from '#app/lib/trpc.tsx'

/**
 * While the document is queued or processing, checks its status every 2 s
 * (a light query that is not audited as a view) and reloads the route's data
 * with the revalidator as soon as the status moves on.
 */
export function useRefreshWhileProcessing(documentId: string, status: string) {
	const trpc = useTRPC()
	const revalidator = useRevalidator()
	const isAwaiting = isAwaitingProcessing(status)
	const live = useQuery({
		...trpc.documents.byIds.queryOptions({ ids: [documentId] }),
		enabled: isAwaiting,
		refetchInterval: isAwaiting ? PROCESSING_REFRESH_MS : false,
		staleTime: 0,
	})
	const liveStatus = live.data?.[0]?.status
	const { revalidate } = revalidator
	useEffect(() => {
		// Runs when either status changes, so a slow poll cannot start a loop of reloads.
		if (isAwaiting && liveStatus && liveStatus !== status) revalidate()
	}, [isAwaiting, liveStatus, status, revalidate])
}
