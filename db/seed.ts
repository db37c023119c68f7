import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { count } from 'drizzle-orm'
import { getDb } from './client.ts'
import { DEMO_ACCOUNTS } from './demo-accounts.ts'
import { users } from './schema/platform.ts'
import { hashPassword, registerPatient } from '#server/auth/index.ts'

/** Seeds the demo accounts into an empty database; does nothing otherwise. */
export async function seedDemoData() {
	const db = getDb()
	const [{ total }] = await db.select({ total: count() }).from(users)
	if (total > 0) return { seeded: false }
	await registerPatient({ ...DEMO_ACCOUNTS.patient, isEmailConfirmed: true })
	await db.insert(users).values({
		name: DEMO_ACCOUNTS.superadmin.name,
		email: DEMO_ACCOUNTS.superadmin.email,
		passwordHash: await hashPassword(DEMO_ACCOUNTS.superadmin.password),
		role: 'superadmin',
		emailConfirmedAt: new Date(),
	})
	return { seeded: true }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (isMain) {
	const { resolveDatabaseUrl } = await import('./database-url.ts')
	const { closeDb } = await import('./client.ts')
	const database = await resolveDatabaseUrl()
	process.env.DATABASE_URL = database.url
	try {
		const result = await seedDemoData()
		console.log(result.seeded ? 'seeded the demo accounts' : 'database not empty: nothing seeded')
	} finally {
		await closeDb()
		await database.stop()
	}
}
