import { cn } from '#app/lib/cn.ts'
import { reconnectLiveNotifications, useConnectionStatus, type ConnectionStatus } from './live-notifications.ts'

const LABELS: Record<ConnectionStatus, string> = {
	connecting: 'Connecting to live updates',
	connected: 'Live updates connected',
	reconnecting: 'Reconnecting to live updates',
	disconnected: 'Live updates disconnected. Reconnect',
	off: 'In-app notifications are off',
}

const DOTS: Record<ConnectionStatus, string> = {
	connecting: 'bg-slate-400',
	connected: 'bg-emerald-500',
	reconnecting: 'bg-amber-500 animate-pulse',
	disconnected: 'bg-red-500',
	off: 'bg-slate-300 dark:bg-slate-600',
}

/** A small dot for the live connection's state; once the attempts ran out, a button that reconnects. */
export function ConnectionIndicator() {
	const status = useConnectionStatus()
	const dot = <span aria-hidden className={cn('block h-2.5 w-2.5 rounded-full', DOTS[status])} />
	if (status === 'disconnected') {
		return (
			<button
				type="button"
				onClick={reconnectLiveNotifications}
				title={LABELS[status]}
				aria-label={LABELS[status]}
				className="rounded-full p-1.5"
				data-status={status}
			>
				{dot}
			</button>
		)
	}
	return (
		<span role="status" title={LABELS[status]} className="p-1.5" data-testid="connection-indicator" data-status={status}>
			{dot}
			<span className="sr-only">{LABELS[status]}</span>
		</span>
	)
}
