import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb, getSql } from '#db/client.ts'
import { emailOutbox, memberships, organizations, subscriptions, users } from '#db/schema/platform.ts'
import { EmailTakenError, registerPatient, signUpPatient } from '#server/auth/index.ts'
import { AUTH_MESSAGES } from '#server/auth/shared/messages.ts'
import { useTestDatabase } from './test-database.ts'

useTestDatabase()

describe('registerPatient', () => {
	it('creates the patient, a personal organization with its own schema and a Basic trial', async () => {
		const now = new Date('2026-11-22T10:00:00Z')
		const { user, organization } = await registerPatient({ name: 'Ada Lovelace', email: 'Ada@Example.test', password: 'Correct-horse-9', now })

		const [stored] = await getDb().select().from(users).where(eq(users.id, user.id))
		expect(stored).toMatchObject({ email: 'ada@example.test', name: 'Ada Lovelace', role: 'patient', status: 'active' })
		expect(stored!.passwordHash).toMatch(/^\$argon2id\$/)

		expect(organization).toMatchObject({ kind: 'personal', status: 'trial' })
		expect(organization.schemaName).toMatch(/^org_[a-z2-7]{12}$/)
		const tables = await getSql()`select table_name from information_schema.tables where table_schema = ${organization.schemaName} order by table_name`
		expect(tables.map((row) => row.table_name)).toContain('notifications')

		const [membership] = await getDb().select().from(memberships).where(eq(memberships.userId, user.id))
		expect(membership).toMatchObject({ organizationId: organization.id, role: 'admin' })

		const [subscription] = await getDb().select().from(subscriptions).where(eq(subscriptions.organizationId, organization.id))
		expect(subscription).toMatchObject({ plan: 'basic', status: 'trialing', amountCents: 999 })
		expect(subscription!.trialEndsAt!.toISOString()).toBe('2026-12-06T10:00:00.000Z')
	})

	it('refuses a taken e-mail (any case) and leaves no organization or schema behind', async () => {
		await registerPatient({ name: 'First', email: 'twin@example.test', password: 'Correct-horse-9' })
		const [before] = await getDb().select({ value: count() }).from(organizations)
		const schemasBefore = await getSql()`select count(*)::int as n from pg_namespace where nspname like 'org_%'`

		await expect(registerPatient({ name: 'Second', email: 'TWIN@example.test', password: 'Correct-horse-9' })).rejects.toBeInstanceOf(EmailTakenError)

		const [after] = await getDb().select({ value: count() }).from(organizations)
		const schemasAfter = await getSql()`select count(*)::int as n from pg_namespace where nspname like 'org_%'`
		expect(after!.value).toBe(before!.value)
		expect(schemasAfter[0]!.n).toBe(schemasBefore[0]!.n)
	})
})

describe('the sign-up screen with a registered address', () => {
	it("answers the spec's registration failure text, never 'already exists', and tells the owner by e-mail once an hour", async () => {
		const { user } = await registerPatient({ name: 'Owner', email: 'owner-signup@example.test', password: 'Correct-horse-9' })
		const refused = await signUpPatient({
			name: 'Prober',
			email: 'Owner-Signup@example.test',
			password: 'Correct-horse-9',
			ipAddress: '10.77.0.1',
			origin: 'http://localhost:3000',
		})
		expect(refused).toMatchObject({ ok: false, message: AUTH_MESSAGES.registrationFailed })
		expect(refused.ok ? '' : refused.message).not.toMatch(/exists|registered|taken/i)
		await signUpPatient({
			name: 'Prober',
			email: 'owner-signup@example.test',
			password: 'Correct-horse-9',
			ipAddress: '10.77.0.2',
			origin: 'http://localhost:3000',
		})

		const sent = await getDb().select().from(emailOutbox).where(eq(emailOutbox.userId, user.id))
		expect(sent).toHaveLength(1)
		expect(sent[0]).toMatchObject({ kind: 'account_exists', recipient: 'owner-signup@example.test' })
		expect(sent[0]!.textBody).toContain('http://localhost:3000/login')
	})
})
