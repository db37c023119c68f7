export { writeNotification, hasNotification, releaseNotificationKey, documentNotificationKey, type NewNotification } from './writer.ts'
