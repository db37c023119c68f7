export { writeNotification, hasNotification, releaseNotificationKey, documentNotificationKey, type NewNotification } from './writer.ts'
export { sendSystemNotification, type SystemNotification } from './system.ts'
export {
	getNotificationOverview,
	setNotificationRead,
	markAllNotificationsRead,
	removeNotification,
	clearNotifications,
	type NotificationOverview,
} from './queries.ts'
export { openNotificationStream, parseLastEventId, EVENT_STREAM_HEADERS } from './stream.ts'
export { openStreamCount, stopNotificationHub } from './hub.ts'
export { NOTIFICATION_CHANNEL } from './channel.ts'
export { selectOwnerNotificationsForExport } from './owner-export.ts'
