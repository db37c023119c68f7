export { writeNotification, hasNotification, releaseNotificationKey, documentNotificationKey, type NewNotification } from './writer.ts'
export { selectOwnerNotificationsForExport } from './owner-export.ts'
