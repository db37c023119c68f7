import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { memberships, subscriptions, users } from '#db/schema/platform.ts'
import { documents } from '#db/schema/tenant.ts'
import { hashPassword, registerPatient, type Patient } from '#server/auth/index.ts'
import type { PlanId } from '#server/billing/index.ts'
import { withTenant } from '#server/tenancy/index.ts'

/** A patient with a personal organization (its admin), its subscription set to `changes` (a plan, a status, dates). */
export async function patientWithSubscription(changes: Partial<typeof subscriptions.$inferInsert> & { plan?: PlanId } = {}, now?: Date): Promise<Patient> {
	const { user, organization } = await registerPatient({
		name: 'Billing Owner',
		email: `billing-${randomUUID()}@example.test`,
		password: 'Correct-horse-9',
		now,
	})
	if (Object.keys(changes).length) await getDb().update(subscriptions).set(changes).where(eq(subscriptions.organizationId, organization.id))
	return { userId: user.id, organizationId: organization.id }
}

/** Adds a member (role `user` unless given) to an organization, past any plan check: for setting up a test. */
export async function addMember(organizationId: string, role: 'admin' | 'manager' | 'user' = 'user'): Promise<Patient> {
	const [user] = await getDb()
		.insert(users)
		.values({ name: 'Org Member', email: `member-${randomUUID()}@example.test`, passwordHash: await hashPassword('Correct-horse-9') })
		.returning({ id: users.id })
	await getDb().insert(memberships).values({ userId: user!.id, organizationId, role })
	return { userId: user!.id, organizationId }
}

/** A stored document row of `sizeBytes` (no file): what the storage limits count. */
export async function storedDocumentOfSize(patient: Patient, sizeBytes: number, status: 'queued' | 'processed' = 'processed') {
	const id = randomUUID()
	await withTenant(patient.organizationId, (tx) =>
		tx.insert(documents).values({
			id,
			ownerId: patient.userId,
			fileName: 'sized.pdf',
			fileKind: 'pdf',
			mimeType: 'application/pdf',
			sizeBytes,
			sha256: '0'.repeat(64),
			storageKey: `${patient.organizationId}/${id}`,
			categoryGuess: 'other',
			title: 'Sized',
			status,
			processedAt: status === 'processed' ? new Date() : null,
		}),
	)
	return id
}

export async function subscriptionOf(organizationId: string) {
	const [row] = await getDb().select().from(subscriptions).where(eq(subscriptions.organizationId, organizationId))
	return row!
}
