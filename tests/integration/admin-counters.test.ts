import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { organizationDocumentCounters, users } from '#db/schema/platform.ts'
import { documents } from '#db/schema/tenant.ts'
import { createOrganization, deleteOrganization, getDashboard, listUsers, updateUser, USER_LIST, type AdminActor } from '#server/admin/index.ts'
import { readListState } from '#server/admin/shared/list-state.ts'
import { hashPassword, registerPatient } from '#server/auth/index.ts'
import {
	deleteDocument,
	documentCounters,
	documentTotals,
	inProcessExtractor,
	processDocument,
	storeUploadedDocument,
	type Patient,
} from '#server/documents/index.ts'
import { createDefaultOcrEngine } from '#server/extraction/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { receivedFixture } from './document-upload.ts'
import { useTestDatabase } from './test-database.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-${randomUUID()}`)
useTestDatabase()

const PASSWORD = 'Correct-horse-9'

async function superadmin(): Promise<AdminActor> {
	const email = `superadmin-${randomUUID()}@example.test`
	const [row] = await getDb()
		.insert(users)
		.values({ name: 'The superadmin', email, passwordHash: await hashPassword(PASSWORD), role: 'superadmin' })
		.returning({ id: users.id })
	return { userId: row!.id, role: 'superadmin', ipAddress: '203.0.113.7', name: 'The superadmin', email }
}

async function newPatient(name = 'Counter Owner'): Promise<Patient> {
	const { user, organization } = await registerPatient({ name, email: `counter-${randomUUID()}@example.test`, password: PASSWORD })
	return { userId: user.id, organizationId: organization.id }
}

/** The counters of one organization, and the same figures counted over its schema (the union the counters replace). */
async function countersAndTruth(organizationId: string, schemaName: string) {
	const today = new Date(new Date().toISOString().slice(0, 10))
	const [counted] = await documentCounters(today, [organizationId])
	const [truth] = await documentTotals([{ id: organizationId, schemaName }], today)
	return { counted, truth }
}

async function schemaOf(organizationId: string) {
	const [row] = await getDb().execute<{ schemaName: string }>(
		// the test's own look-up of the organization's schema
		sql`select schema_name as "schemaName" from app.organizations where id = ${organizationId}`,
	)
	return row!.schemaName
}

describe('documents counters', () => {
	it('stay equal to the schema’s documents across upload, processing, failure, delete and organization delete', async () => {
		const patient = await newPatient()
		const schemaName = await schemaOf(patient.organizationId)
		expect(await countersAndTruth(patient.organizationId, schemaName)).toMatchObject({
			counted: { total: 0, processed: 0, processedToday: 0, failed: 0, bytes: 0 },
		})

		const first = await storeUploadedDocument(patient, await receivedFixture('lab/bluewater_final_report.pdf'))
		const second = await storeUploadedDocument(patient, await receivedFixture('lab/wellness-screening-results.pdf'))
		if (!first.ok || !second.ok) throw new Error('upload refused')
		let { counted, truth } = await countersAndTruth(patient.organizationId, schemaName)
		expect(counted).toEqual(truth)
		expect(counted).toMatchObject({ total: 2, processed: 0, processedToday: 0, failed: 0 })
		expect(counted!.bytes).toBeGreaterThan(0)

		await processDocument({ organizationId: patient.organizationId, documentId: first.documentId }, { extract: inProcessExtractor(createDefaultOcrEngine()) })
		;({ counted, truth } = await countersAndTruth(patient.organizationId, schemaName))
		expect(counted).toEqual(truth)
		expect(counted).toMatchObject({ total: 2, processed: 1, processedToday: 1, failed: 0 })

		// a failure (as the pipeline records one), then processed yesterday: today's count follows processed_at
		await withTenant(patient.organizationId, (tx) =>
			tx.update(documents).set({ status: 'failed', failureReason: 'unreadable' }).where(eq(documents.id, second.documentId)),
		)
		;({ counted, truth } = await countersAndTruth(patient.organizationId, schemaName))
		expect(counted).toEqual(truth)
		expect(counted).toMatchObject({ total: 2, processed: 1, failed: 1 })
		await withTenant(patient.organizationId, (tx) =>
			tx
				.update(documents)
				.set({ status: 'processed', failureReason: null, processedAt: new Date(Date.now() - 2 * 86_400_000) })
				.where(eq(documents.id, second.documentId)),
		)
		;({ counted, truth } = await countersAndTruth(patient.organizationId, schemaName))
		expect(counted).toEqual(truth)
		expect(counted).toMatchObject({ total: 2, processed: 2, processedToday: 1, failed: 0 })

		expect(await deleteDocument(patient, first.documentId)).toMatchObject({ ok: true })
		;({ counted, truth } = await countersAndTruth(patient.organizationId, schemaName))
		expect(counted).toEqual(truth)
		expect(counted).toMatchObject({ total: 1, processed: 1, processedToday: 0, failed: 0 })

		// the dashboard adds every organization's counters: it equals the union over all schemas
		const dashboard = await getDashboard()
		const all = await documentTotals(
			await getDb().execute<{ id: string; schemaName: string }>(sql`select id, schema_name as "schemaName" from app.organizations`),
			new Date(new Date().toISOString().slice(0, 10)),
		)
		expect(dashboard.documents.total).toBe(all.reduce((sum, row) => sum + row.total, 0))
		expect(dashboard.documents.processed).toBe(all.reduce((sum, row) => sum + row.processed, 0))
		expect(dashboard.documents.processedToday).toBe(all.reduce((sum, row) => sum + row.processedToday, 0))

		// an organization deleted by an administrator takes its counters with it
		const admin = await superadmin()
		const created = await createOrganization(admin, {
			name: 'Counter Clinic',
			domain: null,
			contactEmail: null,
			contactName: null,
			phone: null,
			plan: 'basic',
			billingCycle: 'monthly',
			status: 'active',
		})
		await withTenant(created.organizationId, (tx) =>
			tx.insert(documents).values({
				ownerId: admin.userId,
				fileName: 'a.pdf',
				fileKind: 'pdf',
				mimeType: 'application/pdf',
				sizeBytes: 5000,
				sha256: 'x'.repeat(64),
				storageKey: 'k',
				categoryGuess: 'other',
				title: 't',
			}),
		)
		expect(await documentCounters(new Date(), [created.organizationId])).toMatchObject([{ total: 1, bytes: 5000 }])
		expect(await deleteOrganization(admin, created.organizationId, 'Counter Clinic')).toMatchObject({ ok: true })
		expect(await getDb().select().from(organizationDocumentCounters).where(eq(organizationDocumentCounters.organizationId, created.organizationId))).toEqual([])
	})
})

describe('a user’s primary organization', () => {
	it('is the first membership’s, stays through a move, and becomes the next one when that organization is deleted', async () => {
		const admin = await superadmin()
		const patient = await newPatient('Primary Person')
		const created = await createOrganization(admin, {
			name: 'Second Home Clinic',
			domain: null,
			contactEmail: null,
			contactName: null,
			phone: null,
			plan: 'basic',
			billingCycle: 'monthly',
			status: 'active',
		})
		const [user] = await getDb().select().from(users).where(eq(users.id, patient.userId))
		expect(user!.primaryOrganizationId).toBe(patient.organizationId)

		const moved = await updateUser(admin, patient.userId, {
			name: 'Primary Person',
			email: user!.email,
			organizationId: created.organizationId,
			organizationRole: 'manager',
			status: 'active',
		})
		expect(moved.ok).toBe(true)
		const search = (sort: string) => listUsers(readListState(new URLSearchParams({ q: user!.email, sort }), USER_LIST))
		// a personal organization has no organization role to show ('Personal account')
		expect((await search('tenantName')).rows).toMatchObject([{ id: patient.userId, organizationId: patient.organizationId, role: null }])

		const [{ name: personalName }] = await getDb().execute<{ name: string }>(sql`select name from app.organizations where id = ${patient.organizationId}`)
		expect(await deleteOrganization(admin, patient.organizationId, personalName!)).toMatchObject({ ok: true })
		const [after] = await getDb().select().from(users).where(eq(users.id, patient.userId))
		expect(after!.primaryOrganizationId).toBe(created.organizationId)
		expect((await search('tenantName')).rows).toMatchObject([
			{ id: patient.userId, organizationId: created.organizationId, tenantName: 'Second Home Clinic', role: 'manager' },
		])
	})
})
