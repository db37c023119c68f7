import { useRevalidator } from '@remix-run/react'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import { toast } from '#app/components/ui/toast.tsx'
import { useTRPC } from '#app/lib/trpc.tsx'
import { isRealtimeEventType, NOTIFICATION_MESSAGES } from '#server/notifications/shared/notification.ts'
import { reconnectDelayMs, type RealtimeEvent, type StreamControl } from '#server/notifications/shared/realtime.ts'

/** The live connection's state, shown by the header's indicator. */
export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'disconnected' | 'off'

let status: ConnectionStatus = 'connecting'
const listeners = new Set<() => void>()
function setStatus(next: ConnectionStatus) {
	if (status === next) return
	status = next
	for (const listener of listeners) listener()
}

export function useConnectionStatus(): ConnectionStatus {
	return useSyncExternalStore(
		(listener) => {
			listeners.add(listener)
			return () => listeners.delete(listener)
		},
		() => status,
		() => 'connecting',
	)
}

let reconnectNow: (() => void) | null = null
/** Starts again after the attempts ran out (the indicator's button). */
export function reconnectLiveNotifications() {
	reconnectNow?.()
}

const STREAM_URL = '/api/notifications/stream'
/** Dispatched on the window for each live notification, after the bell refreshes. */
const LIVE_EVENT = 'carebook:live-notification'

/**
 * Loads the page's data again whenever a live notification arrives (a
 * document processed, a value outside its range): the dashboard's counters
 * and recent activity update when the bell does.
 */
export function useRevalidateOnLiveEvents() {
	const { revalidate } = useRevalidator()
	useEffect(() => {
		const onEvent = () => void revalidate()
		window.addEventListener(LIVE_EVENT, onEvent)
		return () => window.removeEventListener(LIVE_EVENT, onEvent)
	}, [revalidate])
}

/**
 * The signed-in patient's live notifications (spec 4, 8, 9): one EventSource
 * per tab; each notification raises a toast and refreshes the bell; after a
 * lost connection, 5 attempts 1 s doubling (30 s cap), asking for what was
 * missed since the last event id; then 'Maximum reconnection attempts
 * reached.' is logged and the indicator offers to reconnect. Unknown event
 * types only log a warning.
 */
export function useLiveNotifications() {
	const trpc = useTRPC()
	const queryClient = useQueryClient()
	useEffect(() => {
		let source: EventSource | null = null
		let attempts = 0
		let lastEventId = 0
		let timer: ReturnType<typeof setTimeout> | undefined
		let isStopped = false
		const refresh = () => void queryClient.invalidateQueries(trpc.notifications.overview.pathFilter())

		function handle(message: RealtimeEvent | StreamControl) {
			if (message.type === 'connected') {
				attempts = 0
				setStatus(message.data.inApp === false ? 'off' : 'connected')
				refresh()
				return
			}
			if (message.type === 'notifications_changed') return refresh()
			if (!isRealtimeEventType(message.type)) {
				console.warn(`Unknown realtime event type: ${String(message.type)}`)
				return
			}
			const { title, message: text, level } = (message as RealtimeEvent).data
			toast({ title, description: text, tone: level })
			refresh()
			// the page's own figures follow the bell (useRevalidateOnLiveEvents)
			window.dispatchEvent(new Event(LIVE_EVENT))
		}

		function connect() {
			if (isStopped) return
			setStatus(attempts === 0 ? 'connecting' : 'reconnecting')
			source = new EventSource(lastEventId ? `${STREAM_URL}?lastEventId=${lastEventId}` : STREAM_URL)
			source.onmessage = (event: MessageEvent<string>) => {
				const id = Number(event.lastEventId)
				if (Number.isSafeInteger(id) && id > lastEventId) lastEventId = id
				try {
					handle(JSON.parse(event.data) as RealtimeEvent | StreamControl)
				} catch {
					console.warn('Unreadable realtime event')
				}
			}
			source.onerror = () => {
				source?.close()
				source = null
				if (isStopped) return
				attempts += 1
				const delay = reconnectDelayMs(attempts)
				if (delay === null) {
					setStatus('disconnected')
					console.error(NOTIFICATION_MESSAGES.maxReconnect)
					return
				}
				setStatus('reconnecting')
				timer = setTimeout(connect, delay)
			}
		}

		reconnectNow = () => {
			if (source) return
			clearTimeout(timer)
			attempts = 0
			connect()
		}
		connect()
		return () => {
			isStopped = true
			clearTimeout(timer)
			source?.close()
			reconnectNow = null
		}
	}, [queryClient, trpc])
}
