import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react'
import { Link, useNavigate } from '@remix-run/react'
import { useQuery } from '@tanstack/react-query'
import { BELL_BUTTON_CLASS, BellIcon, BellLinkFallback, bellLabel, UnreadBadge } from '#app/components/header-fallbacks.tsx'
import { useHydrated } from '#app/lib/health/use-hydrated.ts'
import { TrpcProviders, useTRPC } from '#app/lib/trpc.tsx'
import type { NotificationOverview } from '#server/notifications/index.ts'
import { DROPDOWN_SIZE, NOTIFICATION_MESSAGES, type NotificationItem } from '#server/notifications/shared/notification.ts'
import { cn } from '#app/lib/cn.ts'
import { ConnectionIndicator } from './connection-indicator.tsx'
import { useLiveNotifications } from './live-notifications.ts'
import { NotificationAge } from './notification-age.tsx'
import { NotificationIcon } from './notification-icon.tsx'
import { useNotificationActions } from './use-notification-actions.ts'

function DropdownItem({ item, close }: { item: NotificationItem; close: () => void }) {
	const actions = useNotificationActions()
	const navigate = useNavigate()
	function open() {
		if (!item.isRead) actions.setRead(item.id, true)
		close()
		if (item.link) navigate(item.link)
	}
	return (
		<li
			className={cn('flex gap-3 px-4 py-3', item.isRead ? '' : 'bg-brand-50/60 dark:bg-slate-800/60')}
			data-testid="dropdown-notification"
			data-read={item.isRead}
		>
			<NotificationIcon kind={item.kind} />
			<div className="min-w-0 flex-1">
				<button type="button" onClick={open} className="block w-full text-left">
					<span className={cn('block truncate text-sm', item.isRead ? 'font-medium' : 'font-semibold')}>{item.title}</span>
					<span className="line-clamp-2 block text-sm text-slate-600 dark:text-slate-300">{item.message}</span>
				</button>
				<div className="mt-1 flex items-center gap-3">
					<NotificationAge createdAt={item.createdAt} />
					{item.isRead ? null : (
						<button type="button" onClick={() => actions.setRead(item.id, true)} className="text-xs font-medium text-brand-600 hover:underline">
							{NOTIFICATION_MESSAGES.markAsRead}
						</button>
					)}
					<button type="button" onClick={() => actions.remove(item.id)} className="text-xs font-medium text-slate-500 hover:underline">
						{NOTIFICATION_MESSAGES.remove}
					</button>
				</div>
			</div>
		</li>
	)
}

/**
 * The header's bell (spec 2.2): the unread count ('9+' above 9) and a
 * dropdown with the latest items, Mark all as read and Clear all. Without
 * JavaScript it is a link to /notifications.
 */
export function NotificationBell({ initial }: { initial: NotificationOverview }) {
	const trpc = useTRPC()
	const isHydrated = useHydrated()
	const actions = useNotificationActions()
	const { data } = useQuery({ ...trpc.notifications.overview.queryOptions({ filter: 'all', limit: DROPDOWN_SIZE }), initialData: initial })
	const label = bellLabel(data.unreadCount)
	if (!isHydrated) return <BellLinkFallback unreadCount={data.unreadCount} />
	return (
		<Popover className="relative">
			<PopoverButton className={BELL_BUTTON_CLASS} aria-label={label}>
				<BellIcon />
				<UnreadBadge count={data.unreadCount} />
			</PopoverButton>
			<PopoverPanel
				anchor="bottom end"
				className="z-50 mt-2 w-[min(24rem,calc(100vw-1rem))] rounded-lg bg-white shadow-lg ring-1 ring-black/5 dark:bg-slate-900 dark:ring-white/10"
				aria-label="Notifications"
			>
				{({ close }) => (
					<div>
						<div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3 dark:border-slate-800">
							<p className="text-sm font-semibold">Notifications</p>
							{data.items.length ? (
								<div className="flex gap-3">
									<button
										type="button"
										onClick={actions.markAllRead}
										disabled={!data.unreadCount}
										className="text-xs font-medium text-brand-600 hover:underline disabled:opacity-50 disabled:no-underline"
									>
										{NOTIFICATION_MESSAGES.markAllAsRead}
									</button>
									<button type="button" onClick={actions.clearAll} className="text-xs font-medium text-slate-500 hover:underline">
										{NOTIFICATION_MESSAGES.clearAll}
									</button>
								</div>
							) : null}
						</div>
						{data.items.length ? (
							<ul className="max-h-[60vh] divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800">
								{data.items.map((item) => (
									<DropdownItem key={item.id} item={item} close={close} />
								))}
							</ul>
						) : (
							<p className="px-4 py-8 text-center text-sm text-slate-500">{NOTIFICATION_MESSAGES.dropdownEmpty}</p>
						)}
						<div className="border-t border-slate-100 px-4 py-2 text-center dark:border-slate-800">
							<Link to="/notifications" onClick={() => close()} className="text-sm font-medium text-brand-600 hover:underline">
								View all notifications
							</Link>
						</div>
					</div>
				)}
			</PopoverPanel>
		</Popover>
	)
}

/**
 * The header's live part, loaded after the page (the shell renders
 * BellLinkFallback until then): the tRPC providers, the live stream, its
 * indicator and the bell.
 */
export default function HeaderNotifications({ initial }: { initial: NotificationOverview }) {
	return (
		<TrpcProviders>
			<LiveNotifications />
			<ConnectionIndicator />
			<NotificationBell initial={initial} />
		</TrpcProviders>
	)
}

function LiveNotifications() {
	useLiveNotifications()
	return null
}
