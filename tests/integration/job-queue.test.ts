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
import { JOB_KEYS, PROCESS_DOCUMENT_MAX_ATTEMPTS, TASKS } from '#server/jobs/queue.ts'
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
