import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { dataExports, emailOutbox, memberships, users } from '#db/schema/platform.ts'
import { appointments, documents, healthParameters, medications, notifications, shareAccessLog, shareDocuments, shares } from '#db/schema/tenant.ts'
import { buildDataExport, deleteExpiredDataExports, listDataExports, openDataExport, requestDataExport } from '#server/exports/index.ts'
import { ACCOUNT_MESSAGES } from '#server/account/shared/messages.ts'
import { getSubscriptionUsage } from '#server/billing/index.ts'
import { hashPassword, registerPatient, type Patient } from '#server/auth/index.ts'
import { getFileStorage } from '#server/storage/index.ts'
import { JOB_KEYS, TASKS } from '#server/queue/queue.ts'
import { crontab } from '#server/jobs/task-list.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { compileFhirR4Schema, validateFhirR4 } from '#tests/support/fhir-schema.ts'
import { readZip, streamToBuffer } from '#tests/support/zip-archive.ts'
import { useTestDatabase } from './test-database.ts'

useTestDatabase()

async function newPatient(): Promise<Patient & { email: string }> {
	const email = `export-${randomUUID()}@example.test`
	const { user, organization } = await registerPatient({ name: 'Export Owner', email, password: 'Correct-horse-9', isEmailConfirmed: true })
	return { userId: user.id, organizationId: organization.id, email }
}

/** One of each record for `owner`, with a marker in every text so another user's rows are recognisable. */
async function seedRecords(owner: Patient, marker: string) {
	const documentId = randomUUID()
	const storageKey = `${owner.organizationId}/${documentId}`
	const fileBytes = Buffer.from(`%PDF-1.4 ${marker} file`)
	await getFileStorage().putBuffer(storageKey, fileBytes)
	await withTenant(owner.organizationId, async (tx) => {
		await tx.insert(documents).values({
			id: documentId,
			ownerId: owner.userId,
			fileName: `${marker} report.pdf`,
			fileKind: 'pdf',
			mimeType: 'application/pdf',
			sizeBytes: fileBytes.length,
			sha256: 'b'.repeat(64),
			storageKey,
			categoryGuess: 'bloodwork',
			title: `${marker} lipid panel`,
			documentType: 'lab_report',
			extractedText: `${marker} extracted text LDL 162`,
			status: 'processed',
		})
		await tx.insert(healthParameters).values({
			ownerId: owner.userId,
			documentId,
			source: 'document',
			code: 'ldl',
			name: `LDL ${marker}`,
			value: 162,
			valueText: '162',
			unit: 'mg/dL',
			referenceRangeMax: 99,
			status: 'high',
			testDate: '2026-10-01',
		})
		await tx.insert(medications).values({
			ownerId: owner.userId,
			documentId,
			name: `Atorvastatin ${marker}`,
			dose: '20 mg',
			frequency: 'daily',
			text: `Atorvastatin 20 mg daily ${marker}`,
		})
		await tx.insert(appointments).values({
			ownerId: owner.userId,
			title: `Check-up ${marker}`,
			provider: 'Dr. Lee',
			specialty: 'Family medicine',
			status: 'confirmed',
			startsAt: new Date('2030-01-10T15:00:00Z'),
			durationMinutes: 30,
			timeZone: 'UTC',
		})
		await tx.insert(notifications).values({ ownerId: owner.userId, type: 'info', title: `Hello ${marker}`, message: `Message ${marker}` })
		const [share] = await tx
			.insert(shares)
			.values({
				ownerId: owner.userId,
				recipientEmail: `${marker.toLowerCase()}@example.test`,
				passcodeHash: `hash-${marker}`,
				expiresAt: new Date('2030-02-01T00:00:00Z'),
			})
			.returning({ id: shares.id })
		await tx.insert(shareDocuments).values({ shareId: share!.id, documentId })
		await tx.insert(shareAccessLog).values({ shareId: share!.id, kind: 'opened', client: `Firefox ${marker}`, network: '203.0.113.0/24' })
	})
	return { documentId, fileBytes }
}

describe('data export', () => {
	beforeAll(() => void compileFhirR4Schema(), 120_000)

	it('holds every record and file of the user and nothing of another member of the same organization; its FHIR bundle validates', async () => {
		const owner = await newPatient()
		const { documentId, fileBytes } = await seedRecords(owner, 'OWNERMARK')
		// Another member of the owner's organization, with records in the same schema.
		const [member] = await getDb()
			.insert(users)
			.values({ name: 'Other Member', email: `member-${randomUUID()}@example.test`, passwordHash: await hashPassword('Correct-horse-9') })
			.returning({ id: users.id })
		await getDb().insert(memberships).values({ userId: member!.id, organizationId: owner.organizationId, role: 'user' })
		await seedRecords({ userId: member!.id, organizationId: owner.organizationId }, 'STRANGERMARK')

		const requested = await requestDataExport(owner)
		if (!requested.ok) throw new Error('export refused')
		expect(await requestDataExport(owner)).toMatchObject({ ok: false, code: 'in-progress' })
		const [job] = await getDb().execute<{ task_identifier: string }>(
			sql`select task_identifier from graphile_worker.jobs where key = ${JOB_KEYS.buildDataExport(requested.exportId)}`,
		)
		expect(job).toMatchObject({ task_identifier: 'build_data_export' })

		await buildDataExport(requested.exportId)
		const [row] = await getDb().select().from(dataExports).where(eq(dataExports.id, requested.exportId))
		expect(row).toMatchObject({ status: 'ready' })
		expect(row!.expiresAt!.getTime() - row!.completedAt!.getTime()).toBe(7 * 24 * 60 * 60_000)

		const file = await openDataExport(owner, requested.exportId)
		expect(file).not.toBeNull()
		const files = await readZip(await streamToBuffer(file!.body))
		expect([...files.keys()].sort()).toEqual(
			[
				'README.txt',
				'appointments.json',
				'documents.json',
				'fhir-bundle.json',
				'health-parameters.json',
				'medications.json',
				'notifications.json',
				'printed-results.json',
				'profile.json',
				'shares.json',
				`documents/${documentId}-OWNERMARK_report.pdf`,
			].sort(),
		)
		expect(files.get(`documents/${documentId}-OWNERMARK_report.pdf`)).toEqual(fileBytes)
		const everything = [...files.values()].map((content) => content.toString('utf8')).join('\n')
		expect(everything).not.toContain('STRANGERMARK')
		for (const name of ['documents.json', 'health-parameters.json', 'medications.json', 'appointments.json', 'notifications.json', 'shares.json']) {
			const records = JSON.parse(files.get(name)!.toString('utf8')) as unknown[]
			expect(records, name).toHaveLength(1)
			expect(JSON.stringify(records), name).toContain('OWNERMARK')
		}
		expect(JSON.parse(files.get('documents.json')!.toString('utf8'))[0].extractedText).toBe('OWNERMARK extracted text LDL 162')
		const [share] = JSON.parse(files.get('shares.json')!.toString('utf8'))
		expect(share).toMatchObject({
			recipientEmail: 'ownermark@example.test',
			hasPasscode: true,
			expiresAt: '2030-02-01T00:00:00.000Z',
			revokedAt: null,
			documentIds: [documentId],
			accessLog: [expect.objectContaining({ kind: 'opened', client: 'Firefox OWNERMARK', network: '203.0.113.0/24' })],
		})
		expect(share).not.toHaveProperty('passcodeHash')
		expect(JSON.parse(files.get('profile.json')!.toString('utf8'))).toMatchObject({ name: 'Export Owner', email: owner.email })

		const bundle = JSON.parse(files.get('fhir-bundle.json')!.toString('utf8'))
		const validation = validateFhirR4(bundle)
		expect(validation.errors).toEqual([])
		expect(bundle.entry.map((entry: { resource: { resourceType: string } }) => entry.resource.resourceType).sort()).toEqual(
			['Appointment', 'DocumentReference', 'MedicationStatement', 'Observation', 'Patient'].sort(),
		)

		// The owner is told: a notification and an e-mail.
		const told = await withTenant(owner.organizationId, (tx) => tx.select().from(notifications).where(eq(notifications.ownerId, owner.userId)))
		expect(told.map((notification) => notification.title)).toContain('Your data export is ready')
		const mails = await getDb().select().from(emailOutbox).where(eq(emailOutbox.recipient, owner.email))
		expect(mails.map((mail) => mail.kind)).toEqual(['export_ready'])
		expect(await listDataExports(owner.userId)).toEqual([expect.objectContaining({ id: requested.exportId, status: 'ready' })])
	}, 120_000)

	it('is downloadable by its owner alone and not after it expires', async () => {
		const owner = await newPatient()
		const stranger = await newPatient()
		const requested = await requestDataExport(owner)
		if (!requested.ok) throw new Error('export refused')
		await buildDataExport(requested.exportId)
		expect(await openDataExport(stranger, requested.exportId)).toBeNull()
		expect(await openDataExport({ ...stranger, organizationId: owner.organizationId }, requested.exportId)).toBeNull()
		expect(await openDataExport(owner, 'not-a-uuid')).toBeNull()
		await getDb()
			.update(dataExports)
			.set({ expiresAt: new Date(Date.now() - 1000) })
			.where(eq(dataExports.id, requested.exportId))
		expect(await openDataExport(owner, requested.exportId)).toBeNull()
	}, 60_000)

	it('has its zip deleted from the file store once it expires (the delete_expired_exports task), and says so', async () => {
		const owner = await newPatient()
		const requested = await requestDataExport(owner)
		if (!requested.ok) throw new Error('export refused')
		await buildDataExport(requested.exportId)
		const [row] = await getDb().select().from(dataExports).where(eq(dataExports.id, requested.exportId))
		const storageKey = row!.storageKey!
		expect(await getFileStorage().stat(storageKey)).not.toBeNull()
		expect(ACCOUNT_MESSAGES.exportReadyMessage).toContain('After that it is deleted.')

		// A second before it expires: kept (exports earlier tests built more than a second before it may go now).
		await deleteExpiredDataExports(new Date(row!.expiresAt!.getTime() - 1000))
		expect(await getFileStorage().stat(storageKey)).not.toBeNull()
		const [kept] = await getDb().select().from(dataExports).where(eq(dataExports.id, requested.exportId))
		expect(kept!.storageKey).toBe(storageKey)

		// (with this one, the exports of earlier tests that expire at the same time)
		expect((await deleteExpiredDataExports(new Date(row!.expiresAt!.getTime() + 1000))).deleted).toBeGreaterThanOrEqual(1)
		expect(await getFileStorage().stat(storageKey)).toBeNull()
		const [after] = await getDb().select().from(dataExports).where(eq(dataExports.id, requested.exportId))
		expect(after!.storageKey).toBeNull()
		expect(crontab).toContain(`${TASKS.deleteExpiredExports} `)
	}, 60_000)
	it('is refused a second time the same day; the next day a new one replaces the old zip; kept zips count in the organization storage (issue 41)', async () => {
		const owner = await newPatient()
		await seedRecords(owner, 'QUOTA')
		const usedBefore = (await getSubscriptionUsage(owner.organizationId))!.storage.usedMb
		const first = await requestDataExport(owner)
		if (!first.ok) throw new Error('export refused')
		await buildDataExport(first.exportId)
		const [firstRow] = await getDb().select().from(dataExports).where(eq(dataExports.id, first.exportId))
		const firstKey = firstRow!.storageKey!

		// the zip counts in the organization's storage (as its documents do)
		await getDb().update(dataExports).set({ sizeBytes: 40_000_000 }).where(eq(dataExports.id, first.exportId))
		expect((await getSubscriptionUsage(owner.organizationId))!.storage.usedMb).toBeCloseTo(usedBefore + 40, 0)

		// a second export the same day is refused, with the reason, and makes nothing
		const again = await requestDataExport(owner)
		expect(again).toMatchObject({ ok: false, kind: 'rate-limited', code: 'once-a-day', message: ACCOUNT_MESSAGES.exportOncePerDay })
		expect(await getDb().select().from(dataExports).where(eq(dataExports.userId, owner.userId))).toHaveLength(1)

		// the next day: allowed, and once built it replaces the first zip (removed from the store, no longer counted)
		await getDb()
			.update(dataExports)
			.set({ createdAt: sql`now() - interval '25 hours'` })
			.where(eq(dataExports.id, first.exportId))
		const second = await requestDataExport(owner)
		if (!second.ok) throw new Error('second export refused')
		await buildDataExport(second.exportId)
		expect(await getFileStorage().stat(firstKey)).toBeNull()
		const listed = await listDataExports(owner.userId)
		expect(listed.find((item) => item.id === first.exportId)).toMatchObject({ status: 'ready', expiresAt: null })
		expect(listed.find((item) => item.id === second.exportId)).toMatchObject({ status: 'ready', expiresAt: expect.any(String) })
		expect(await openDataExport(owner, first.exportId)).toBeNull()
		expect((await getSubscriptionUsage(owner.organizationId))!.storage.usedMb).toBeLessThan(usedBefore + 1)
	}, 120_000)
})
