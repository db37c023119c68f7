import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { userPreferences, users } from '#db/schema/platform.ts'
import { DEFAULT_PREFERENCES, getUserPreferences, getUsersPreferences, updateUserPreferences } from '#server/preferences/index.ts'
import { registerPatient } from '#server/auth/index.ts'
import { useTestDatabase } from './test-database.ts'

useTestDatabase()

async function newUser() {
	const { user } = await registerPatient({ name: 'Pref Owner', email: `prefs-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
	return user.id
}

describe('user preferences', () => {
	it('are the defaults (both notifications on, light theme) until saved, without writing a row', async () => {
		const userId = await newUser()
		expect(await getUserPreferences(userId)).toEqual({ emailNotifications: true, inAppNotifications: true, theme: 'light' })
		expect(DEFAULT_PREFERENCES).toEqual({ emailNotifications: true, inAppNotifications: true, theme: 'light' })
		expect(await getDb().select().from(userPreferences).where(eq(userPreferences.userId, userId))).toEqual([])
	})

	it('change only what a patch names and keep the rest across updates', async () => {
		const userId = await newUser()
		expect(await updateUserPreferences(userId, { emailNotifications: false })).toEqual({ emailNotifications: false, inAppNotifications: true, theme: 'light' })
		expect(await updateUserPreferences(userId, { theme: 'dark' })).toEqual({ emailNotifications: false, inAppNotifications: true, theme: 'dark' })
		expect(await updateUserPreferences(userId, { inAppNotifications: false, emailNotifications: true, theme: 'system' })).toEqual({
			emailNotifications: true,
			inAppNotifications: false,
			theme: 'system',
		})
		expect(await getUserPreferences(userId)).toEqual({ emailNotifications: true, inAppNotifications: false, theme: 'system' })
	})

	it("are each user's own", async () => {
		const first = await newUser()
		const second = await newUser()
		await updateUserPreferences(first, { theme: 'dark', emailNotifications: false })
		expect(await getUserPreferences(second)).toEqual(DEFAULT_PREFERENCES)
	})

	it("are read for several users in one call: each one's own, the defaults for those who saved none", async () => {
		const saved = await newUser()
		const unsaved = await newUser()
		await updateUserPreferences(saved, { inAppNotifications: false })
		const read = await getUsersPreferences([saved, unsaved, saved])
		expect([...read.keys()]).toEqual([saved, unsaved])
		expect(read.get(saved)).toEqual({ emailNotifications: true, inAppNotifications: false, theme: 'light' })
		expect(read.get(unsaved)).toEqual(DEFAULT_PREFERENCES)
		expect(await getUsersPreferences([])).toEqual(new Map())
	})

	it('refuse an unknown theme or key, changing nothing', async () => {
		const userId = await newUser()
		await updateUserPreferences(userId, { theme: 'dark' })
		await expect(updateUserPreferences(userId, { theme: 'sepia' as never })).rejects.toThrow()
		await expect(updateUserPreferences(userId, { fontSize: 12 } as never)).rejects.toThrow()
		expect(await getUserPreferences(userId)).toEqual({ emailNotifications: true, inAppNotifications: true, theme: 'dark' })
	})

	it('go with the user', async () => {
		const userId = await newUser()
		await updateUserPreferences(userId, { theme: 'dark' })
		await getDb().delete(users).where(eq(users.id, userId))
		expect(await getDb().select().from(userPreferences).where(eq(userPreferences.userId, userId))).toEqual([])
	})
})
