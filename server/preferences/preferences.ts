import { eq, inArray, sql } from 'drizzle-orm'
import { getDb, type Executor } from '#db/client.ts'
import { userPreferences } from '#db/schema/platform.ts'
import { DEFAULT_PREFERENCES, PreferencesPatchSchema, type PreferencesPatch, type UserPreferences } from './shared/preferences.ts'

const columns = {
	emailNotifications: userPreferences.emailNotifications,
	inAppNotifications: userPreferences.inAppNotifications,
	theme: userPreferences.theme,
}

/** A user's preferences; the defaults while they have saved none. */
export async function getUserPreferences(userId: string, db: Executor = getDb()): Promise<UserPreferences> {
	const [row] = await db.select(columns).from(userPreferences).where(eq(userPreferences.userId, userId))
	return row ?? { ...DEFAULT_PREFERENCES }
}

/** Several users' preferences in one query (a notification to every member); the defaults for those who saved none. */
export async function getUsersPreferences(userIds: readonly string[], db: Executor = getDb()): Promise<Map<string, UserPreferences>> {
	const unique = [...new Set(userIds)]
	const rows = unique.length
		? await db
				.select({ userId: userPreferences.userId, ...columns })
				.from(userPreferences)
				.where(inArray(userPreferences.userId, unique))
		: []
	const saved = new Map(rows.map(({ userId, ...preferences }) => [userId, preferences]))
	return new Map(unique.map((userId) => [userId, saved.get(userId) ?? { ...DEFAULT_PREFERENCES }]))
}

/**
 * Changes the given preferences and keeps the others (the defaults for a
 * user who had saved none); returns them all. A patch with an unknown key or
 * value throws (a ZodError) and changes nothing.
 */
export async function updateUserPreferences(userId: string, patch: PreferencesPatch, db: Executor = getDb()): Promise<UserPreferences> {
	const checked = PreferencesPatchSchema.parse(patch)
	const [row] = await db
		.insert(userPreferences)
		.values({ ...DEFAULT_PREFERENCES, ...checked, userId })
		.onConflictDoUpdate({ target: userPreferences.userId, set: { ...checked, updatedAt: sql`now()` } })
		.returning(columns)
	return row!
}
