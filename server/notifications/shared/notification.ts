/**
 * What the browser knows of a notification (spec sections 2.2, 2.11, 3, 9):
 * the stored row's shape, the display kinds and their icons' names, the
 * realtime event types, the badge text and the messages. Browser-safe.
 */

/** The spec's realtime event types (section 9). */
export const REALTIME_EVENT_TYPES = [
	'appointment_reminder',
	'new_document',
	'appointment_confirmed',
	'appointment_cancelled',
	'appointment_rescheduled',
	'new_message',
	'medication_reminder',
	'system_notification',
] as const
export type RealtimeEventType = (typeof REALTIME_EVENT_TYPES)[number]

/** The kinds the bell and /notifications show (icon and colour): spec 2.11. */
export const NOTIFICATION_KINDS = ['info', 'success', 'warning', 'error', 'appointment'] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/**
 * A stored row's `type` is either a realtime event type or one of the plain
 * levels (document failures are written as 'error', abnormal values as
 * 'warning'). Both map onto a display kind and an event type.
 */
export type StoredNotificationType = RealtimeEventType | 'info' | 'success' | 'warning' | 'error'

/**
 * What a notification's e-mail says, by type: constant texts only, never the
 * notification's own title or message (those can hold text from a file).
 */
export const NOTIFICATION_EMAIL_TEXTS: Record<StoredNotificationType, { subject: string; line: string }> = {
	appointment_reminder: { subject: 'Appointment reminder', line: 'You have an appointment reminder in Carebook.' },
	new_document: { subject: 'A document was processed', line: 'A document you uploaded to Carebook has been processed.' },
	appointment_confirmed: { subject: 'Appointment confirmed', line: 'One of your appointments in Carebook was confirmed.' },
	appointment_cancelled: { subject: 'Appointment cancelled', line: 'One of your appointments in Carebook was cancelled.' },
	appointment_rescheduled: { subject: 'Appointment rescheduled', line: 'One of your appointments in Carebook was rescheduled.' },
	new_message: { subject: 'New message in Carebook', line: 'You have a new message in Carebook.' },
	medication_reminder: { subject: 'Medication reminder', line: 'You have a medication reminder in Carebook.' },
	system_notification: { subject: 'Message from Carebook', line: 'Carebook has a message for you.' },
	info: { subject: 'New notification in Carebook', line: 'You have a new notification in Carebook.' },
	success: { subject: 'New notification in Carebook', line: 'You have a new notification in Carebook.' },
	warning: { subject: 'Something in Carebook needs your attention', line: 'Something in your Carebook records needs your attention.' },
	error: {
		subject: 'Something in Carebook did not work',
		line: 'Something in Carebook did not work as expected, for example a document that could not be processed.',
	},
}

export const NOTIFICATION_EMAIL_FOOTER =
	'Sign in to Carebook to read it. You receive these e-mails because Email Notifications are on in your Carebook settings.'

export function isRealtimeEventType(value: unknown): value is RealtimeEventType {
	return typeof value === 'string' && (REALTIME_EVENT_TYPES as readonly string[]).includes(value)
}

/** The icon and colour a stored type is shown with. */
export function notificationKindOf(type: string): NotificationKind {
	if (type.startsWith('appointment_')) return 'appointment'
	switch (type) {
		case 'new_document':
			return 'success'
		case 'warning':
		case 'error':
		case 'success':
			return type
		default:
			return 'info'
	}
}

/** The realtime event a stored type is sent as (the levels belong to document processing). */
export function realtimeEventTypeOf(type: string): RealtimeEventType {
	if (isRealtimeEventType(type)) return type
	if (type === 'error' || type === 'warning' || type === 'success') return 'new_document'
	return 'system_notification'
}

/** The spec's event level (info, success, warning), and error for a failure. */
export function eventLevelOf(type: string): 'info' | 'success' | 'warning' | 'error' {
	const kind = notificationKindOf(type)
	return kind === 'appointment' ? 'info' : kind
}

export type NotificationItem = {
	id: string
	type: string
	kind: NotificationKind
	title: string
	message: string
	link: string | null
	isRead: boolean
	createdAt: Date
}

export const NOTIFICATION_FILTERS = ['all', 'unread', 'read'] as const
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number]

export function parseNotificationFilter(value: string | null | undefined): NotificationFilter {
	return (NOTIFICATION_FILTERS as readonly string[]).includes(value ?? '') ? (value as NotificationFilter) : 'all'
}

/** The bell's badge: the unread count, '9+' above 9, nothing at 0 (spec 9). */
export function unreadBadgeText(count: number): string | null {
	if (count <= 0) return null
	return count > 9 ? '9+' : String(count)
}

/** How many items the bell's dropdown shows; /notifications shows up to the page size. */
export const DROPDOWN_SIZE = 8
export const PAGE_SIZE = 100

export const NOTIFICATION_MESSAGES = {
	dropdownEmpty: 'No notifications yet',
	pageEmpty: 'No notifications to display',
	markAllAsRead: 'Mark all as read',
	clearAll: 'Clear all',
	markAsRead: 'Mark as read',
	remove: 'Remove',
	pageMarkAllAsRead: 'Mark All as Read',
	markRead: 'Mark Read',
	markUnread: 'Mark Unread',
	archive: 'Archive',
	notFound: 'Notification not found.',
	maxReconnect: 'Maximum reconnection attempts reached.',
	actionFailed: 'That change could not be saved. Please try again.',
} as const

/** 'Just now', '5 min ago', '3 h ago', 'Yesterday', else 'Mar 5' / 'Mar 5, 2024' (UTC dates; the title attribute has the full time). */
export function formatNotificationAge(createdAt: Date, now: Date): string {
	const seconds = Math.max(0, Math.round((now.getTime() - createdAt.getTime()) / 1000))
	if (seconds < 60) return 'Just now'
	if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`
	if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`
	if (seconds < 2 * 86_400) return 'Yesterday'
	const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
	const label = `${months[createdAt.getUTCMonth()]} ${createdAt.getUTCDate()}`
	return createdAt.getUTCFullYear() === now.getUTCFullYear() ? label : `${label}, ${createdAt.getUTCFullYear()}`
}
