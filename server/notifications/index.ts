export { writeNotification, releaseNotificationKey, documentNotificationKey, type NewNotification } from './writer.ts'
