import type { Executor } from '#db/client.ts'
import { getUserPreferences, getUsersPreferences } from '#server/preferences/index.ts'

export type NotificationSwitches = { inApp: boolean; email: boolean }

/** The owner's Notification Preferences (spec 2.12; both on while none are saved), read in the caller's transaction. */
export async function readNotificationSwitches(executor: Executor, userId: string): Promise<NotificationSwitches> {
	const preferences = await getUserPreferences(userId, executor)
	return { inApp: preferences.inAppNotifications, email: preferences.emailNotifications }
}

/** The switches of several owners in one query (writing a notification to every member of an organization). */
export async function readNotificationSwitchesOf(executor: Executor, userIds: readonly string[]): Promise<Map<string, NotificationSwitches>> {
	const preferences = await getUsersPreferences(userIds, executor)
	return new Map([...preferences].map(([userId, saved]) => [userId, { inApp: saved.inAppNotifications, email: saved.emailNotifications }]))
}
