import { eq } from 'drizzle-orm'
import type { Executor } from '#db/client.ts'
import { userPreferences } from '#db/schema/platform.ts'

export type NotificationSwitches = { inApp: boolean; email: boolean }

/** The owner's Notification Preferences (spec 2.12; both on while none are saved). */
export async function readNotificationSwitches(executor: Executor, userId: string): Promise<NotificationSwitches> {
	const [row] = await executor
		.select({ inApp: userPreferences.inAppNotifications, email: userPreferences.emailNotifications })
		.from(userPreferences)
		.where(eq(userPreferences.userId, userId))
	return row ?? { inApp: true, email: true }
}
