import type { Executor } from '#db/client.ts'
import { getUserPreferences } from '#server/account/index.ts'

export type NotificationSwitches = { inApp: boolean; email: boolean }

/** The owner's Notification Preferences (spec 2.12; both on while none are saved), read in the caller's transaction. */
export async function readNotificationSwitches(executor: Executor, userId: string): Promise<NotificationSwitches> {
	const preferences = await getUserPreferences(userId, executor)
	return { inApp: preferences.inAppNotifications, email: preferences.emailNotifications }
}
