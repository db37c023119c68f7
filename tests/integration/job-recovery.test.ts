import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { documents, healthParameters, notifications } from '#db/schema/tenant.ts'
import { registerPatient } from '#server/auth/index.ts'
import {
	getDocument,
	inProcessExtractor,
	processDocument,
	retryDocument,
	storeUploadedDocument,
	type DocumentExtractor,
	type Patient,
} from '#server/documents/index.ts'
import { uploadTempDir } from '#server/storage/index.ts'
import { createDefaultOcrEngine, type OcrEngine } from '#server/extraction/index.ts'
import { holdWorkerLiveness, releaseJobsOfDeadWorkers, type WorkerLiveness } from '#server/jobs/job-recovery.ts'
import { sweepUploadTempFiles } from '#server/jobs/sweep-upload-temp-files.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { receivedFixture } from './document-upload.ts'
import { useTestDatabase } from './test-database.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-${randomUUID()}`)
const { url } = useTestDatabase()

let ocr: OcrEngine
let liveness: WorkerLiveness | undefined

beforeAll(() => {
	ocr = createDefaultOcrEngine()
})

afterAll(async () => {
	await liveness?.stop()
	await (ocr as OcrEngine & { close?: () => Promise<void> }).close?.()
})

async function newPatient(): Promise<Patient> {
	const { user, organization } = await registerPatient({ name: 'Job Owner', email: `jobs-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
	return { userId: user.id, organizationId: organization.id }
}

async function uploaded(patient: Patient, fixture = 'lab/bluewater_final_report.pdf') {
	const outcome = await storeUploadedDocument(patient, await receivedFixture(fixture))
	if (!outcome.ok) throw new Error(outcome.code)
	return outcome.documentId
}

/** What a worker does when it takes a job: lock it under its id and count the attempt (here a minute ago). */
async function lockJob(documentId: string, workerId: string, attempts = 1) {
	await getDb().execute(sql`
		update graphile_worker._private_jobs
		set locked_by = ${workerId}, locked_at = now() - interval '1 minute', attempts = ${attempts}
		where key = ${`document:${documentId}`}`)
}

async function jobOf(documentId: string) {
	const [job] = await getDb().execute<{ locked_by: string | null; attempts: number; max_attempts: number; last_error: string | null }>(
		sql`select locked_by, attempts, max_attempts, last_error from graphile_worker.jobs where key = ${`document:${documentId}`}`,
	)
	return job
}

async function notificationTitles(patient: Patient, documentId: string) {
	const rows = await withTenant(patient.organizationId, (tx) =>
		tx
			.select({ title: notifications.title })
			.from(notifications)
			.where(eq(notifications.link, `/records/${documentId}`)),
	)
	return rows.map((row) => row.title)
}

describe('jobs of a worker that died', () => {
	it('unlocks the job of a dead worker so it runs again, and leaves a live worker’s job alone', async () => {
		const patient = await newPatient()
		const deadJob = await uploaded(patient)
		const liveJob = await uploaded(patient)
		const liveWorker = `pool-live-${randomUUID()}`
		liveness = holdWorkerLiveness(url)
		liveness.track(liveWorker)
		await lockJob(deadJob, `pool-dead-${randomUUID()}`)
		await lockJob(liveJob, liveWorker)
		// the live worker's advisory lock is taken asynchronously
		let isHeld = false
		for (let tries = 0; tries < 50 && !isHeld; tries++) {
			const [held] = await getDb().execute<{ count: number }>(
				sql`select count(*)::int as count from pg_locks where locktype = 'advisory' and classid = ${0x43424b57}::oid and objid = hashtext(${liveWorker})::oid`,
			)
			isHeld = held!.count > 0
			if (!isHeld) await new Promise((resolve) => setTimeout(resolve, 100))
		}
		expect(isHeld).toBe(true)

		const outcome = await releaseJobsOfDeadWorkers()

		expect(outcome).toEqual({ released: 1, failedDocuments: 0 })
		expect(await jobOf(deadJob)).toMatchObject({ locked_by: null, attempts: 1 })
		expect(await jobOf(liveJob)).toMatchObject({ locked_by: liveWorker })
	})

	it('fails a document whose last attempt died with its worker, once, so its owner can retry it', async () => {
		const patient = await newPatient()
		const documentId = await uploaded(patient)
		await withTenant(patient.organizationId, (tx) => tx.update(documents).set({ status: 'processing' }).where(eq(documents.id, documentId)))
		await lockJob(documentId, `pool-dead-${randomUUID()}`, 3)

		expect(await releaseJobsOfDeadWorkers()).toEqual({ released: 1, failedDocuments: 1 })
		expect(await releaseJobsOfDeadWorkers()).toEqual({ released: 0, failedDocuments: 0 })

		expect(await getDocument(patient, documentId)).toMatchObject({ status: 'failed', failureReason: 'processing_error' })
		expect(await notificationTitles(patient, documentId)).toEqual(['Document could not be processed'])
		expect(await jobOf(documentId)).toMatchObject({ locked_by: null, last_error: 'worker stopped during the last attempt' })
	})
})

describe('a document processed twice', () => {
	it('stores its values, medications and notification once', async () => {
		const patient = await newPatient()
		const documentId = await uploaded(patient)
		const extract = inProcessExtractor(ocr)
		await processDocument({ organizationId: patient.organizationId, documentId }, { extract })
		const first = await getDocument(patient, documentId)
		await processDocument({ organizationId: patient.organizationId, documentId }, { extract })
		const second = await getDocument(patient, documentId)

		expect(second).toMatchObject({ status: 'processed' })
		expect(first!.parameters.length).toBeGreaterThan(0)
		expect(second!.parameters.length).toBe(first!.parameters.length)
		const stored = await withTenant(patient.organizationId, (tx) => tx.select().from(healthParameters).where(eq(healthParameters.documentId, documentId)))
		expect(stored.length).toBe(first!.parameters.length)
		// Each notification once (a lab report with values outside the range also has 'Abnormal values found').
		const titles = await notificationTitles(patient, documentId)
		expect(titles.filter((title) => title === 'Document processed')).toHaveLength(1)
		expect(new Set(titles).size).toBe(titles.length)
	})

	it('keeps a failed document’s reason and single notification when its job runs again', async () => {
		const patient = await newPatient()
		const documentId = await uploaded(patient, 'bad/truncated-lab-report.pdf')
		const extract = inProcessExtractor(ocr)
		expect(await processDocument({ organizationId: patient.organizationId, documentId }, { extract })).toBe('failed')
		expect(await processDocument({ organizationId: patient.organizationId, documentId }, { extract, isFinalAttempt: true })).toBe('failed')
		expect(await getDocument(patient, documentId)).toMatchObject({ status: 'failed', failureReason: 'corrupt_pdf' })
		expect(await notificationTitles(patient, documentId)).toEqual(['Document could not be processed'])
	})
})

describe('a failed document retried by its owner', () => {
	it('notifies a failure of the new run again', async () => {
		const patient = await newPatient()
		const documentId = await uploaded(patient)
		const crashing: DocumentExtractor = () => Promise.reject(new Error('the extraction process ended without a result'))
		const run = () => processDocument({ organizationId: patient.organizationId, documentId }, { extract: crashing, isFinalAttempt: true })
		await expect(run()).rejects.toThrow()
		expect((await retryDocument(patient, documentId)).ok).toBe(true)
		await expect(run()).rejects.toThrow()
		expect(await notificationTitles(patient, documentId)).toEqual(['Document could not be processed', 'Document could not be processed'])
	})
})

describe('temporary upload files', () => {
	it('removes upload and extraction copies older than an hour and keeps newer ones and other files', async () => {
		const folder = uploadTempDir()
		await mkdir(folder, { recursive: true })
		const old = path.join(folder, `${randomUUID()}.part`)
		const oldCopy = path.join(folder, `${randomUUID()}.extract`)
		const fresh = path.join(folder, `${randomUUID()}.part`)
		const other = path.join(folder, `${randomUUID()}.keep`)
		for (const file of [old, oldCopy, fresh, other]) await writeFile(file, 'x')
		const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000)
		for (const file of [old, oldCopy, other]) await utimes(file, twoHoursAgo, twoHoursAgo)

		expect(await sweepUploadTempFiles()).toBe(2)
		expect([existsSync(old), existsSync(oldCopy), existsSync(fresh), existsSync(other)]).toEqual([false, false, true, true])
	})
})
