import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { notifications } from '#db/schema/tenant.ts'
import { registerPatient } from '#server/auth/index.ts'
import { TenantNotFoundError, withTenant } from '#server/tenancy/index.ts'
import { useTestDatabase } from './test-database.ts'

useTestDatabase()

async function newTenant(label: string) {
	const { user, organization } = await registerPatient({ name: label, email: `${label}-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
	return { userId: user.id, organizationId: organization.id }
}

describe('withTenant', () => {
	it('reads and writes only the organization it was given', async () => {
		const a = await newTenant('alpha')
		const b = await newTenant('beta')
		await withTenant(a.organizationId, (tx) => tx.insert(notifications).values({ ownerId: a.userId, type: 'info', title: 'A only', message: 'for alpha' }))
		const seenByA = await withTenant(a.organizationId, (tx) => tx.select().from(notifications))
		const seenByB = await withTenant(b.organizationId, (tx) => tx.select().from(notifications))
		expect(seenByA.map((row) => row.title)).toEqual(['A only'])
		expect(seenByB).toEqual([])

		// Even knowing the row id, the other tenant cannot reach it.
		const updated = await withTenant(b.organizationId, (tx) =>
			tx.update(notifications).set({ isRead: true }).where(eq(notifications.id, seenByA[0]!.id)).returning(),
		)
		expect(updated).toEqual([])
	})

	it('keeps 40 tenants apart under 400 interleaved operations on a shared pool', async () => {
		const tenants = await Promise.all(Array.from({ length: 40 }, (_, index) => newTenant(`t${index}`)))
		await Promise.all(
			Array.from({ length: 400 }, (_, index) => {
				const tenant = tenants[index % tenants.length]!
				return withTenant(tenant.organizationId, (tx) =>
					tx.insert(notifications).values({ ownerId: tenant.userId, type: 'info', title: tenant.organizationId, message: String(index) }),
				)
			}),
		)
		const foreignRows = await Promise.all(
			tenants.map((tenant) =>
				withTenant(tenant.organizationId, (tx) =>
					tx
						.select({ title: notifications.title })
						.from(notifications)
						.where(sql`${notifications.title} <> ${tenant.organizationId}`),
				),
			),
		)
		expect(foreignRows.flat()).toEqual([])
	})

	it('leaves no search path behind: the same query outside the entry point fails loudly', async () => {
		const tenant = await newTenant('gamma')
		await withTenant(tenant.organizationId, (tx) => tx.select().from(notifications))
		const failure = await getDb()
			.select()
			.from(notifications)
			.then(
				() => null,
				(error: Error & { cause?: Error }) => error,
			)
		expect(failure?.cause?.message).toBe('relation "notifications" does not exist')
	})

	it('refuses an organization id that does not exist', async () => {
		await expect(withTenant(randomUUID(), async () => 1)).rejects.toBeInstanceOf(TenantNotFoundError)
	})
})
