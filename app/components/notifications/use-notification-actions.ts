import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { toast } from '#app/components/ui/toast.tsx'
import { useTRPC } from '#app/lib/trpc.tsx'
import { NOTIFICATION_MESSAGES, parseNotificationFilter } from '#server/notifications/shared/notification.ts'
import { applyNotificationChange, type NotificationChange, type OverviewData } from '#server/notifications/shared/optimistic.ts'

function filterOfKey(key: QueryKey) {
	const options = key[1] as { input?: { filter?: string } } | undefined
	return parseNotificationFilter(options?.input?.filter)
}

/**
 * The notification actions (spec 2.2, 2.11) as tRPC mutations with
 * optimistic updates: every cached list (the bell's, the page's filters)
 * changes at once, goes back if the server refuses, and is read again once
 * it has answered. Other tabs hear of it through the live stream.
 */
export function useNotificationActions() {
	const trpc = useTRPC()
	const queryClient = useQueryClient()
	const overviews = trpc.notifications.overview.pathFilter()

	async function applyOptimistically(change: NotificationChange) {
		await queryClient.cancelQueries(overviews)
		const snapshot = queryClient.getQueriesData<OverviewData>(overviews)
		const id = 'id' in change ? change.id : null
		const known = id ? snapshot.flatMap(([, data]) => data?.items ?? []).find((item) => item.id === id) : undefined
		const wasUnread = known ? !known.isRead : undefined
		for (const [key, data] of snapshot) {
			if (data) queryClient.setQueryData<OverviewData>(key, applyNotificationChange(data, filterOfKey(key), change, wasUnread))
		}
		return { snapshot }
	}
	const callbacks = {
		onError: (_error: unknown, _variables: unknown, context: { snapshot: [QueryKey, OverviewData | undefined][] } | undefined) => {
			for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data)
			toast({ title: NOTIFICATION_MESSAGES.actionFailed, tone: 'error' })
		},
		onSettled: () => queryClient.invalidateQueries(overviews),
	}

	const setRead = useMutation(
		trpc.notifications.setRead.mutationOptions({
			onMutate: (input) => applyOptimistically({ kind: 'set-read', id: input.id, isRead: input.isRead }),
			...callbacks,
		}),
	)
	const remove = useMutation(
		trpc.notifications.remove.mutationOptions({ onMutate: (input) => applyOptimistically({ kind: 'remove', id: input.id }), ...callbacks }),
	)
	const markAllRead = useMutation(
		trpc.notifications.markAllRead.mutationOptions({ onMutate: () => applyOptimistically({ kind: 'mark-all-read' }), ...callbacks }),
	)
	const clearAll = useMutation(trpc.notifications.clearAll.mutationOptions({ onMutate: () => applyOptimistically({ kind: 'clear-all' }), ...callbacks }))
	return {
		setRead: (id: string, isRead: boolean) => setRead.mutate({ id, isRead }),
		remove: (id: string) => remove.mutate({ id }),
		markAllRead: () => markAllRead.mutate(),
		clearAll: () => clearAll.mutate(),
	}
}
