import { count, eq } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { organizations, users } from '#db/schema/platform.ts'

/** Platform head counts for the admin dashboard. */
export async function getPlatformCounts() {
	const db = getDb()
	const [[userTotal], [activeUsers], [organizationTotal], [activeOrganizations]] = await Promise.all([
		db.select({ value: count() }).from(users),
		db.select({ value: count() }).from(users).where(eq(users.status, 'active')),
		db.select({ value: count() }).from(organizations),
		db.select({ value: count() }).from(organizations).where(eq(organizations.status, 'active')),
	])
	return {
		users: { total: userTotal!.value, active: activeUsers!.value },
		organizations: { total: organizationTotal!.value, active: activeOrganizations!.value },
	}
}
