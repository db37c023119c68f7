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
})
