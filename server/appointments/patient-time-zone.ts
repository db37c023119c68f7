/**
 * The patient's time zone: `users.timeZone` when set; before that, the zone
 * the browser reports (forms send it in a hidden field, the list posts it
 * once) is stored on the user the first time one is given. 'UTC' when
 * nothing is known.
 */
import { and, eq, isNull } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { users } from '#db/schema/platform.ts'
import { FALLBACK_TIME_ZONE, isValidTimeZone, resolvePatientTimeZone } from '#server/time/shared/zoned-time.ts'

export { FALLBACK_TIME_ZONE, resolvePatientTimeZone }

/**
 * Stores `timeZone` on the user when none is stored yet (a later change is
 * the profile's business). Returns true when it was stored.
 */
export async function rememberPatientTimeZone(userId: string, timeZone: string | null | undefined): Promise<boolean> {
	if (!timeZone || !isValidTimeZone(timeZone)) return false
	const updated = await getDb()
		.update(users)
		.set({ timeZone, updatedAt: new Date() })
		.where(and(eq(users.id, userId), isNull(users.timeZone)))
		.returning({ id: users.id })
	return updated.length > 0
}

/** The patient's zone as stored (UTC when none is), for work done without a request (an imported appointment). */
export async function storedPatientTimeZone(userId: string): Promise<string> {
	const [row] = await getDb().select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId))
	return resolvePatientTimeZone(row?.timeZone)
}
