import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, open, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import type { JobHelpers, Task } from 'graphile-worker'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { documents } from '#db/schema/tenant.ts'
import { getSystemHealth, listAlerts } from '#server/admin/index.ts'
import { lowDiskAlert } from '#server/admin/alerts.ts'
import { registerPatient } from '#server/auth/index.ts'
import {
	failStrandedDocuments,
	getDocument,
	inProcessExtractor,
	processDocument,
	retryDocument,
	storeUploadedDocument,
	type DocumentExtractor,
	type Patient,
} from '#server/documents/index.ts'
import { ExtractionProcessError } from '#server/extraction/isolated-extract.ts'
import { INTERRUPTED_JOB_NOTE, refundInterruptedJobs, withInterruptionTracking } from '#server/jobs/interrupted-jobs.ts'
import { withRedactedTaskErrors } from '#server/jobs/redacted-task.ts'
import { sweepUploadTempFiles } from '#server/jobs/sweep-upload-temp-files.ts'
import { getFileStorage, uploadTempDir } from '#server/storage/index.ts'
import { DEGRADED_AFTER_FAILURES, recordJobOutcome, repeatedJobFailures } from '#server/queue/job-outcomes.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { receivedFixture } from './document-upload.ts'
import { useTestDatabase } from './test-database.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-${randomUUID()}`)
useTestDatabase()

async function newPatient(): Promise<Patient> {
	const { user, organization } = await registerPatient({ name: 'Fault Owner', email: `faults-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
	return { userId: user.id, organizationId: organization.id }
}

async function uploaded(patient: Patient) {
	const outcome = await storeUploadedDocument(patient, await receivedFixture('lab/bluewater_final_report.pdf'))
	if (!outcome.ok) throw new Error(outcome.code)
	return outcome.documentId
}

async function jobOf(documentId: string) {
	const [job] = await getDb().execute<{
		id: string
		locked_by: string | null
		attempts: number
		max_attempts: number
		last_error: string | null
		isDue: boolean
	}>(
		sql`select id::text, locked_by, attempts, max_attempts, last_error, run_at <= now() as "isDue" from graphile_worker.jobs where key = ${`document:${documentId}`}`,
	)
	return job!
}

/** The job as graphile-worker leaves it: `attempts` counted, locked or not, last changed `secondsAgo`. */
async function setJob(documentId: string, values: { attempts: number; lockedBy?: string | null }) {
	await getDb().execute(sql`
		update graphile_worker._private_jobs
		set attempts = ${values.attempts}, locked_by = ${values.lockedBy ?? null}, locked_at = ${values.lockedBy ? sql`now()` : null}
		where key = ${`document:${documentId}`}`)
}

async function setDocument(patient: Patient, documentId: string, status: 'processing' | 'queued', secondsAgo: number) {
	await withTenant(patient.organizationId, (tx) =>
		tx
			.update(documents)
			.set({ status, processingStartedAt: new Date(Date.now() - secondsAgo * 1000), uploadedAt: new Date(Date.now() - secondsAgo * 1000) })
			.where(eq(documents.id, documentId)),
	)
}

describe('documents stranded with no live job', () => {
	it('marks a document left processing after its job failed for good as failed, so its owner can retry it', async () => {
		const patient = await newPatient()
		const stranded = await uploaded(patient)
		await setDocument(patient, stranded, 'processing', 120)
		// its last attempt failed and so did marking the document: the job is spent, the document still 'processing'
		await setJob(stranded, { attempts: 3 })

		expect(await failStrandedDocuments()).toBe(1)
		expect(await getDocument(patient, stranded)).toMatchObject({ status: 'failed', failureReason: 'processing_error' })
		expect(await failStrandedDocuments()).toBe(0)

		expect((await retryDocument(patient, stranded)).ok).toBe(true)
		expect(await getDocument(patient, stranded)).toMatchObject({ status: 'queued' })
		expect(await jobOf(stranded)).toMatchObject({ attempts: 0, locked_by: null })
	})

	it('leaves documents whose job is running, has attempts left, or that changed within the last minute', async () => {
		const patient = await newPatient()
		const running = await uploaded(patient)
		const waitingForRetry = await uploaded(patient)
		const justNow = await uploaded(patient)
		await setDocument(patient, running, 'processing', 600)
		await setJob(running, { attempts: 3, lockedBy: `pool-${randomUUID()}` })
		await setDocument(patient, waitingForRetry, 'queued', 600)
		await setJob(waitingForRetry, { attempts: 2 })
		await setDocument(patient, justNow, 'processing', 5)
		await setJob(justNow, { attempts: 3 })

		expect(await failStrandedDocuments()).toBe(0)
		for (const documentId of [running, waitingForRetry, justNow]) expect((await getDocument(patient, documentId))!.status).not.toBe('failed')
	})
})

describe('a job a stop interrupted', () => {
	function helpersFor(jobId: string, signal: AbortSignal) {
		return { job: { id: jobId, attempts: 3, max_attempts: 3 }, abortSignal: signal } as unknown as JobHelpers
	}

	it('gets its attempt back and is due at once; a job that failed on its own keeps its attempt', async () => {
		const patient = await newPatient()
		const interrupted = await uploaded(patient)
		const broken = await uploaded(patient)
		const failing: Task = async (_payload, helpers) => {
			await new Promise((resolve) => setTimeout(resolve, 5))
			if (helpers.abortSignal?.aborted) throw new ExtractionProcessError('EXTRACTION_ABORTED', 'The extraction was stopped (the worker is stopping)')
			throw new Error('broken')
		}
		const tasks = withInterruptionTracking(withRedactedTaskErrors({ process_document: failing }))
		const aborted = new AbortController()
		aborted.abort()
		const interruptedJob = await jobOf(interrupted)
		const brokenJob = await jobOf(broken)
		await expect(tasks.process_document!({}, helpersFor(interruptedJob.id, aborted.signal))).rejects.toThrow()
		await expect(tasks.process_document!({}, helpersFor(brokenJob.id, new AbortController().signal))).rejects.toThrow()
		// what graphile-worker did: counted the attempt on taking each job, and recorded each failure with a back-off
		for (const documentId of [interrupted, broken]) {
			await setJob(documentId, { attempts: 3 })
			await getDb().execute(sql`update graphile_worker._private_jobs set run_at = now() + interval '20 seconds' where key = ${`document:${documentId}`}`)
		}

		expect(await refundInterruptedJobs()).toBe(1)
		expect(await jobOf(interrupted)).toMatchObject({ attempts: 2, isDue: true, last_error: INTERRUPTED_JOB_NOTE })
		expect(await jobOf(broken)).toMatchObject({ attempts: 3, isDue: false })
		expect(await refundInterruptedJobs()).toBe(0)
	})

	it('puts the document back in the queue on its last attempt instead of failing it', async () => {
		const patient = await newPatient()
		const documentId = await uploaded(patient)
		const stop = new AbortController()
		const extract = () => {
			stop.abort()
			return Promise.reject(new ExtractionProcessError('EXTRACTION_ABORTED', 'The extraction was stopped (the worker is stopping)'))
		}
		await expect(
			processDocument({ organizationId: patient.organizationId, documentId }, { extract, isFinalAttempt: true, signal: stop.signal }),
		).rejects.toThrow()
		expect(await getDocument(patient, documentId)).toMatchObject({ status: 'queued', failureReason: null })
	})
})

describe('a worker whose jobs keep failing the same way', () => {
	const failure = () => new ExtractionProcessError('EXTRACTION_START_FAILED', 'The extraction process ended while starting (ENOENT uv_cwd)')

	it('is degraded on System Health with the error, and raises an admin alert; a success ends it', async () => {
		const task = `fault_test_${randomUUID().slice(0, 8)}`
		const redacted = withRedactedTaskErrors({ [task]: () => Promise.reject(failure()) })
		for (let attempt = 0; attempt < DEGRADED_AFTER_FAILURES; attempt++) {
			const error = await Promise.resolve(redacted[task]!({}, {} as JobHelpers)).catch((thrown: unknown) => thrown)
			await recordJobOutcome({ task, jobId: String(attempt), error })
		}
		const repeated = (await repeatedJobFailures()).find((row) => row.task === task)
		expect(repeated).toMatchObject({
			errorCode: 'EXTRACTION_START_FAILED',
			failures: DEGRADED_AFTER_FAILURES,
			errorMessage: 'ExtractionProcessError (EXTRACTION_START_FAILED): The extraction process ended while starting (ENOENT uv_cwd)',
		})
		const health = await getSystemHealth()
		expect(health.worker.repeatedFailures.map((row) => row.task)).toContain(task)
		const alert = (await listAlerts()).find((row) => row.title === 'Worker degraded' && row.message.includes(task))
		expect(alert?.message).toContain('ENOENT uv_cwd')

		await recordJobOutcome({ task, jobId: 'ok' })
		expect((await repeatedJobFailures()).map((row) => row.task)).not.toContain(task)
	})

	it('is not degraded by failures of different kinds', async () => {
		const task = `fault_test_${randomUUID().slice(0, 8)}`
		for (let attempt = 0; attempt < DEGRADED_AFTER_FAILURES; attempt++) {
			const error = attempt % 2 ? failure() : Object.assign(new Error('x'), { code: 'ECONNRESET' })
			await recordJobOutcome({ task, jobId: String(attempt), error })
		}
		expect((await repeatedJobFailures()).map((row) => row.task)).not.toContain(task)
	})
})

describe('low disk space', () => {
	it('raises an alert below 10 % or 1 GB free, and none with room', () => {
		const now = new Date('2026-11-28T12:00:00Z')
		expect(lowDiskAlert({ diskFreeBytes: 50e9, diskTotalBytes: 100e9 }, now)).toBeNull()
		expect(lowDiskAlert({ diskFreeBytes: 8e9, diskTotalBytes: 100e9 }, now)).toMatchObject({ title: 'Disk space low', level: 'warning' })
		expect(lowDiskAlert({ diskFreeBytes: 0.5e9, diskTotalBytes: 2e9 }, now)?.message).toContain('0.5 GB free')
		expect(lowDiskAlert({ diskFreeBytes: null, diskTotalBytes: null }, now)).toBeNull()
	})
})

describe('what a failed run leaves behind', () => {
	it('removes the preview it wrote when storing the result fails, and puts the document back in the queue', async () => {
		const patient = await newPatient()
		const documentId = await uploaded(patient)
		const [row] = await withTenant(patient.organizationId, (tx) =>
			tx.select({ storageKey: documents.storageKey }).from(documents).where(eq(documents.id, documentId)),
		)
		const real = inProcessExtractor()
		// a result the database refuses to store (a date that is not one), with a preview
		const extract: DocumentExtractor = async (input) => {
			const extraction = await real(input)
			return { result: { ...extraction.result, date: 'not-a-date' }, preview: Buffer.from('png') }
		}
		await expect(processDocument({ organizationId: patient.organizationId, documentId }, { extract })).rejects.toThrow()
		expect(await getFileStorage().stat(`${row!.storageKey}.preview.png`)).toBeNull()
		expect(await getDocument(patient, documentId)).toMatchObject({ status: 'queued' })
		const leftovers = (await readdir(path.join(process.env.DATA_DIR!, 'files', patient.organizationId))).filter((name) => name.includes('.part'))
		expect(leftovers).toEqual([])
	})

	it('sweeps at start-up every temporary upload file no process has open, whatever its age', async () => {
		const folder = uploadTempDir()
		await mkdir(folder, { recursive: true })
		const left = path.join(folder, `${randomUUID()}.part`)
		const copy = path.join(folder, `${randomUUID()}.extract`)
		const inUse = path.join(folder, `${randomUUID()}.part`)
		for (const file of [left, copy, inUse]) await writeFile(file, 'x')
		const handle = await open(inUse, 'r')
		try {
			expect(await sweepUploadTempFiles()).toBe(0)
			expect(await sweepUploadTempFiles({ unlessOpen: true })).toBe(2)
			expect([existsSync(left), existsSync(copy), existsSync(inUse)]).toEqual([false, false, true])
		} finally {
			await handle.close()
		}
	})
})
