import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { subscriptions } from '#db/schema/platform.ts'
import { documents } from '#db/schema/tenant.ts'
import { registerPatient } from '#server/auth/index.ts'
import { ocrJobPriority, type PlanId } from '#server/billing/index.ts'
import { retryDocument, storeUploadedDocument, type Patient } from '#server/documents/index.ts'
import { enqueueProcessDocument, JOB_KEYS, PROCESS_DOCUMENT_MAX_ATTEMPTS, TASKS } from '#server/queue/queue.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { receivedFixture } from './document-upload.ts'
import { useTestDatabase } from './test-database.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-${randomUUID()}`)
useTestDatabase()

async function patientOnPlan(plan: PlanId): Promise<Patient> {
	const { user, organization } = await registerPatient({ name: 'Queue Owner', email: `queue-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
	await getDb().update(subscriptions).set({ plan }).where(eq(subscriptions.organizationId, organization.id))
	return { userId: user.id, organizationId: organization.id }
}

async function documentJobs(documentId: string) {
	const rows = await getDb().execute<{ task_identifier: string; priority: number; max_attempts: number }>(
		sql`select task_identifier, priority, max_attempts from graphile_worker.jobs where key = ${JOB_KEYS.processDocument(documentId)}`,
	)
	return rows.map((row) => ({ ...row }))
}

describe('document processing jobs', () => {
	it.each(['enterprise', 'professional', 'basic'] as const)('queue an upload and its retry at the %s plan OCR priority', async (plan) => {
		const patient = await patientOnPlan(plan)
		const outcome = await storeUploadedDocument(patient, await receivedFixture('lab/bluewater_final_report.pdf'))
		if (!outcome.ok) throw new Error(`refused: ${outcome.code}`)
		const expected = { task_identifier: TASKS.processDocument, priority: ocrJobPriority(plan), max_attempts: PROCESS_DOCUMENT_MAX_ATTEMPTS }
		expect(await documentJobs(outcome.documentId)).toEqual([expected])

		// Its processing failed for good: the job is gone and the owner may retry.
		await getDb().execute(sql`select graphile_worker.remove_job(${JOB_KEYS.processDocument(outcome.documentId)})`)
		await withTenant(patient.organizationId, (tx) =>
			tx.update(documents).set({ status: 'failed', failureReason: 'processing_error' }).where(eq(documents.id, outcome.documentId)),
		)
		expect(await documentJobs(outcome.documentId)).toEqual([])

		expect((await retryDocument(patient, outcome.documentId)).ok).toBe(true)
		expect(await documentJobs(outcome.documentId)).toEqual([expected])
	})
})

describe('the document queue between tenants', () => {
	/** The waiting document jobs in the order graphile-worker takes them (priority, then run_at, then id). */
	async function takingOrder() {
		const rows = await getDb().execute<{ organization_id: string; priority: number }>(
			sql`select j.payload->>'organizationId' as organization_id, j.priority from graphile_worker._private_jobs j
				join graphile_worker._private_tasks t on t.id = j.task_id
				where t.identifier = ${TASKS.processDocument} and j.locked_at is null order by j.priority, j.run_at, j.id`,
		)
		return rows.map((row) => row.organization_id)
	}

	it("runs another tenant's next document after at most one of a tenant's backlog, whatever the plans", async () => {
		await getDb().execute(sql`delete from graphile_worker._private_jobs`)
		const flooding = randomUUID()
		const other = randomUUID()
		const third = randomUUID()
		for (let i = 0; i < 40; i++) await enqueueProcessDocument(getDb(), { organizationId: flooding, documentId: randomUUID() }, { plan: 'enterprise' })
		await enqueueProcessDocument(getDb(), { organizationId: other, documentId: randomUUID() }, { plan: 'basic' })
		const order = await takingOrder()
		expect(order).toHaveLength(41)
		expect(order.indexOf(other)).toBeLessThanOrEqual(1)

		// Two tenants with backlogs alternate; a third's first document goes before both backlogs' second ones.
		for (let i = 0; i < 3; i++) await enqueueProcessDocument(getDb(), { organizationId: other, documentId: randomUUID() }, { plan: 'basic' })
		await enqueueProcessDocument(getDb(), { organizationId: third, documentId: randomUUID() }, { plan: 'professional' })
		const next = (await takingOrder()).slice(0, 9)
		expect(next).toEqual([flooding, third, other, flooding, other, flooding, other, flooding, other])
	})
})
