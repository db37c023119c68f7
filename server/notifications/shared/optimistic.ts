/**
 * What an action does to a list the browser already holds, before the server
 * answers (optimistic updates): the bell's and the page's lists change at
 * once, then are read again from the server when it has answered.
 */
import type { NotificationFilter, NotificationItem } from './notification.ts'

export type NotificationChange =
	{ kind: 'set-read'; id: string; isRead: boolean } | { kind: 'mark-all-read' } | { kind: 'remove'; id: string } | { kind: 'clear-all' }

export type OverviewData = { items: NotificationItem[]; unreadCount: number; totalCount: number }

function matches(filter: NotificationFilter, item: NotificationItem) {
	return filter === 'all' || item.isRead === (filter === 'read')
}

/**
 * The overview after the change. `wasUnread` says whether the item changed
 * was unread (it may be absent from this list, filtered out or beyond its
 * length); undefined when nobody knows, and then the counts stay until the
 * server's answer.
 */
export function applyNotificationChange(data: OverviewData, filter: NotificationFilter, change: NotificationChange, wasUnread?: boolean): OverviewData {
	switch (change.kind) {
		case 'set-read': {
			const items = data.items
				.map((item) => (item.id === change.id ? { ...item, isRead: change.isRead } : item))
				.filter((item) => item.id !== change.id || matches(filter, item))
			const delta = wasUnread === undefined || wasUnread === !change.isRead ? 0 : change.isRead ? -1 : 1
			return { ...data, items, unreadCount: Math.max(0, data.unreadCount + delta) }
		}
		case 'mark-all-read':
			return { ...data, items: filter === 'unread' ? [] : data.items.map((item) => ({ ...item, isRead: true })), unreadCount: 0 }
		case 'remove':
			return {
				items: data.items.filter((item) => item.id !== change.id),
				unreadCount: Math.max(0, data.unreadCount - (wasUnread ? 1 : 0)),
				totalCount: Math.max(0, data.totalCount - (wasUnread === undefined ? 0 : 1)),
			}
		case 'clear-all':
			return { items: [], unreadCount: 0, totalCount: 0 }
	}
}
