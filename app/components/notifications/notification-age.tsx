import { useEffect, useState } from 'react'
import { formatNotificationAge } from '#server/notifications/shared/notification.ts'

/** 'Just now', '5 min ago', …; the exact time as its title. Re-rendered each minute. */
export function NotificationAge({ createdAt }: { createdAt: Date }) {
	const [now, setNow] = useState(() => new Date())
	useEffect(() => {
		const timer = setInterval(() => setNow(new Date()), 60_000)
		return () => clearInterval(timer)
	}, [])
	return (
		<time dateTime={createdAt.toISOString()} title={createdAt.toISOString()} suppressHydrationWarning className="text-xs text-slate-500 dark:text-slate-400">
			{formatNotificationAge(createdAt, now)}
		</time>
	)
}
