import { readFileSync } from 'node:fs'
import path from 'node:path'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseUrl, FIXTURES, processesOf, registerPatient, startInstance, upload, waitUntil, type Instance } from './instance.ts'

describe('a document left processing by a job that died for good', () => {
	let instance: Instance
	let sql: postgres.Sql
	beforeAll(async () => {
		instance = await startInstance()
		sql = postgres(databaseUrl(instance), { max: 1, onnotice: () => {} })
	})
	afterAll(async () => {
		await sql?.end({ timeout: 1 })
		await instance?.destroy()
	})

	it('is marked failed by the sweep when a worker starts, so its owner can retry it', async () => {
		const cookie = await registerPatient(instance.base)
		const pdf = readFileSync(path.join(FIXTURES, 'lab/bluewater_final_report.pdf'))
		const { body } = await upload(instance.base, cookie, 'report.pdf', pdf)
		const documentId = body.documentId!
		const [organization] = await sql<{ id: string; schema: string }[]>`
			select o.id, o.schema_name as schema from app.organizations o join app.memberships m on m.organization_id = o.id
			join app.users u on u.id = m.user_id order by u.created_at desc limit 1`
		const documentsTable = sql(`${organization!.schema}.documents`)
		await waitUntil(
			async () => {
				const [row] = await sql<{ status: string }[]>`select status from ${documentsTable} where id = ${documentId}`
				return row?.status === 'processed'
			},
			90_000,
			'the document to be processed',
		)

		// What a full disk left behind: the job's last attempt failed, and so did marking the document failed.
		await sql`update ${documentsTable} set status = 'processing', processing_started_at = now() - interval '5 minutes' where id = ${documentId}`
		await sql`select graphile_worker.add_job('process_document', ${JSON.stringify({ organizationId: organization!.id, documentId })}::json, job_key := ${`document:${documentId}`}, max_attempts := 3)`
		await sql`update graphile_worker._private_jobs set attempts = 3, last_error = 'gave up' where key = ${`document:${documentId}`}`

		// a worker that starts (here: the one the start script restarts after a crash) sweeps at once
		const worker = processesOf(instance.dataDir).find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('server/jobs/worker.ts'))
		expect(worker).toBeDefined()
		process.kill(worker!, 'SIGKILL')
		await waitUntil(
			async () => {
				const [row] = await sql<
					{ status: string; reason: string | null }[]
				>`select status, failure_reason as reason from ${documentsTable} where id = ${documentId}`
				return row?.status === 'failed' && row.reason === 'processing_error'
			},
			30_000,
			'the sweep to mark the document failed',
		)
		expect(instance.output()).toContain('"event":"jobs.stranded_documents_failed"')
	})

	it('keeps its worker when a failure cannot be recorded (a full database disk), and records it once it can', async () => {
		const workerPid = () => processesOf(instance.dataDir).find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('server/jobs/worker.ts'))
		const worker = await waitUntil(workerPid, 30_000, 'a worker')
		const exits = () => instance.output().split('worker exited').length
		const exitsBefore = exits()
		let jobId = ''
		// Every write of a failure onto a job fails as on a full disk (SQLSTATE 53100); taking a job still works.
		await sql`create or replace function faults_fail_job_update() returns trigger language plpgsql as $$
			begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$`
		await sql`create trigger faults_full_disk before update on graphile_worker._private_jobs for each row
			when (new.last_error is distinct from old.last_error) execute function faults_fail_job_update()`
		try {
			// a job that fails at once (its payload is not a document's)
			const [job] = await sql<{ id: string }[]>`select (graphile_worker.add_job('process_document', '{}'::json, max_attempts := 3)).id::text as id`
			jobId = job!.id
			await waitUntil(
				async () => {
					const [row] = await sql<
						{ lockedBy: string | null; attempts: number }[]
					>`select locked_by as "lockedBy", attempts from graphile_worker.jobs where id = ${jobId}`
					return row?.lockedBy && row.attempts === 1
				},
				30_000,
				'the worker to take the job',
			)
			await new Promise((resolve) => setTimeout(resolve, 8_000))
			// the same worker process, retrying the recording with a back-off
			expect(workerPid()).toBe(worker)
			expect(exits()).toBe(exitsBefore)
		} finally {
			await sql`drop trigger faults_full_disk on graphile_worker._private_jobs`
			await sql`drop function faults_fail_job_update()`
		}
		await waitUntil(
			async () => {
				const [row] = await sql<{ lockedBy: string | null; lastError: string | null }[]>`
				select locked_by as "lockedBy", last_error as "lastError" from graphile_worker.jobs where id = ${jobId}`
				// the task's error as the jobs table keeps it (redacted-task.ts): the payload was not a document's
				return row && !row.lockedBy && row.lastError === 'ZodError'
			},
			60_000,
			'the failure to be recorded',
		)
		expect(workerPid()).toBe(worker)
	})
})
