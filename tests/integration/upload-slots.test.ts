/**
 * One upload slot per stored file, whichever way it comes (issue 41, finding
 * 1): the upload page's form without JavaScript (several files a post), the
 * REST API, the records a FHIR file's references make, and a retry (which
 * processes the file again). Past the limit nothing more is stored or queued.
 */
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { and, count, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { rateLimitEvents } from '#db/schema/platform.ts'
import { documents } from '#db/schema/tenant.ts'
import { createApiKey, handleApiRequest } from '#server/api/index.ts'
import { createSession, registerPatient, SESSION_COOKIE, type Patient } from '#server/auth/index.ts'
import { createCallerFactory, createTrpcContext } from '#server/trpc/init.ts'
import { appRouter } from '#server/trpc/router.ts'
import { acceptUploads, retryDocument } from '#server/documents/index.ts'
import { DOCUMENT_MESSAGES } from '#server/documents/shared/messages.ts'
import { getEnv } from '#server/env.server.ts'
import { importReportOf } from '#server/extraction/index.ts'
import { structuredSummaryOf } from '#server/extraction/shared/structured-types.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { patientWithSubscription } from '#tests/support/billing-fixture.ts'
import { bundle, patientResource } from '#tests/support/hostile-imports.ts'
import { FIXTURES, uploadAndProcess } from './document-upload.ts'
import { useTestDatabase } from './test-database.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-upload-slots-${randomUUID()}`)
useTestDatabase()

const PDF = readFileSync(path.join(FIXTURES, 'lab/bluewater_final_report.pdf'))

async function newPatient(): Promise<Patient> {
	const { user, organization } = await registerPatient({ name: 'Slot Patient', email: `slots-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
	return { userId: user.id, organizationId: organization.id }
}

/** Uploads counted for the user already, leaving `left` slots of the window. */
async function leaveSlots(userId: string, left: number) {
	const used = getEnv().UPLOAD_USER_MAX_PER_WINDOW - left
	if (used > 0)
		await getDb()
			.insert(rateLimitEvents)
			.values(Array.from({ length: used }, () => ({ bucket: 'upload-user', subject: userId })))
}

async function slotsTaken(userId: string) {
	const [row] = await getDb()
		.select({ taken: count() })
		.from(rateLimitEvents)
		.where(and(eq(rateLimitEvents.bucket, 'upload-user'), eq(rateLimitEvents.subject, userId)))
	return row!.taken
}

async function storedDocuments(patient: Patient) {
	return withTenant(patient.organizationId, (tx) => tx.select({ id: documents.id }).from(documents).where(eq(documents.ownerId, patient.userId)))
}

function formPost(fileCount: number) {
	const form = new FormData()
	for (let index = 0; index < fileCount; index++) form.append('file', new File([PDF], `report-${index}.pdf`, { type: 'application/pdf' }))
	return new Request('http://localhost/upload', { method: 'POST', body: form })
}

describe('the upload page form without JavaScript', () => {
	it('takes one slot per file: past the limit the other files of the post are refused, and the next post stores nothing', async () => {
		const patient = await newPatient()
		await leaveSlots(patient.userId, 3)
		const outcome = await acceptUploads(patient, formPost(10))
		if (!outcome.ok) throw new Error(outcome.message)
		expect(outcome.documentIds).toHaveLength(3)
		expect(outcome.refusals).toHaveLength(7)
		expect(outcome.refusals[0]).toBe(`report-3.pdf: ${DOCUMENT_MESSAGES.tooManyUploads}`)

		expect(await acceptUploads(patient, formPost(10))).toMatchObject({ ok: false, kind: 'rate-limited', message: DOCUMENT_MESSAGES.tooManyUploads })
		expect(await storedDocuments(patient)).toHaveLength(3)
		expect(await slotsTaken(patient.userId)).toBe(getEnv().UPLOAD_USER_MAX_PER_WINDOW)
	})
})

describe('the REST API', () => {
	it('answers 429 past the limit and stores nothing', async () => {
		const patient = await patientWithSubscription({ plan: 'professional', status: 'active' })
		const created = await createApiKey(patient, 'Slots')
		if (!created.ok) throw new Error(created.message)
		await leaveSlots(patient.userId, 1)
		const upload = () => {
			const form = new FormData()
			form.set('file', new File([PDF], 'report.pdf', { type: 'application/pdf' }))
			return handleApiRequest(
				new Request('http://localhost:3000/api/v1/documents/upload-and-process', {
					method: 'POST',
					headers: { authorization: `Bearer ${created.key}` },
					body: form,
				}),
			)
		}
		expect((await upload()).status).toBe(201)
		expect((await upload()).status).toBe(429)
		expect(await storedDocuments(patient)).toHaveLength(1)
	})
})

describe('a retry', () => {
	it('takes a slot: past the limit the document stays failed and is not queued, on the page and through tRPC', async () => {
		const patient = await newPatient()
		const documentId = await uploadAndProcess(patient, PDF, 'report.pdf')
		await withTenant(patient.organizationId, (tx) =>
			tx.update(documents).set({ status: 'failed', failureReason: 'processing_error' }).where(eq(documents.id, documentId)),
		)
		await leaveSlots(patient.userId, 0)
		expect(await retryDocument(patient, documentId)).toMatchObject({ ok: false, kind: 'rate-limited', message: DOCUMENT_MESSAGES.tooManyUploads })
		const [row] = await withTenant(patient.organizationId, (tx) => tx.select({ status: documents.status }).from(documents).where(eq(documents.id, documentId)))
		expect(row!.status).toBe('failed')

		// the same through tRPC (the record page's Retry button): 429 with the text
		const session = await createSession({ userId: patient.userId, kind: 'patient', organizationId: patient.organizationId })
		const caller = createCallerFactory(appRouter)(
			createTrpcContext(new Request('http://localhost/api/trpc', { headers: { cookie: `${SESSION_COOKIE.patient}=${session.token}` } }), '127.0.0.1'),
		)
		await expect(caller.documents.retry({ id: documentId })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: DOCUMENT_MESSAGES.tooManyUploads })

		await getDb().execute(sql`delete from app.rate_limit_events where subject = ${patient.userId}`)
		const before = await slotsTaken(patient.userId)
		expect(await retryDocument(patient, documentId)).toMatchObject({ ok: true })
		expect(await slotsTaken(patient.userId)).toBe(before + 1)
	})
})

describe("the records a FHIR file's references make", () => {
	it('each take a slot; past the limit the rest are listed under What was not imported', async () => {
		const patient = await newPatient()
		const references = Array.from({ length: 5 }, (_, index) => ({
			resourceType: 'DocumentReference',
			id: `reference-${index}-${randomUUID()}`,
			status: 'current',
			description: `Discharge letter ${index}`,
			date: '2024-03-0' + (index + 1) + 'T10:00:00Z',
			content: [{ attachment: { title: `letter-${index}.pdf`, contentType: 'application/pdf' } }],
		}))
		// the bundle's own upload takes one of the 4 slots left: 3 records are made, 2 are not
		await leaveSlots(patient.userId, 4)
		const documentId = await uploadAndProcess(patient, bundle([patientResource({ given: 'Slot', family: 'Patient' }), ...references]), 'export.json')
		expect(await storedDocuments(patient)).toHaveLength(1 + 3)
		const [row] = await withTenant(patient.organizationId, (tx) =>
			tx.select({ details: documents.details }).from(documents).where(eq(documents.id, documentId)),
		)
		const report = importReportOf(structuredSummaryOf(row!.details)!)
		expect(report.groups.find((group) => group.kind === 'documents')!.lines.map((line) => line.text)).toContain(
			'2 records were not made: each counts as an upload, and the upload limit was reached. Upload the file again later to add them.',
		)
	})
})
