import { request } from 'node:http'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embeddedPostgresLogFile } from '#db/database-url.ts'
import { startEmbeddedPostgres } from '#db/embedded.ts'
import { INTERRUPTED_JOB_NOTE } from '#server/jobs/interrupted-jobs.ts'
import { databaseUrl, FIXTURES, processesOf, registerPatient, startInstance, upload, waitUntil, type Instance } from './instance.ts'

const GRACE_SECONDS = 6

/**
 * An upload whose body arrives slowly: the multipart form in `pieces`, one
 * every `intervalMs`. `afterFirstPiece` runs once the first is sent.
 */
function slowUpload(base: string, cookie: string, bytes: Buffer, options: { pieces: number; intervalMs: number; afterFirstPiece: () => void }) {
	const boundary = `----faults${Date.now()}`
	const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\nContent-Type: application/pdf\r\n\r\n`)
	const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
	const body = Buffer.concat([head, bytes, tail])
	const url = new URL('/api/documents/upload', base)
	return new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
		const outgoing = request(url, {
			method: 'POST',
			headers: { cookie, Origin: base, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(body.length) },
		})
		outgoing.on('response', (response) => {
			let text = ''
			response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
			response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
		})
		outgoing.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }))
		const size = Math.ceil(body.length / options.pieces)
		let piece = 0
		const sendNext = () => {
			// the first piece's callback runs once it left for the server, so the connection is made before the stop
			const isFirst = piece === 0
			outgoing.write(body.subarray(piece * size, (piece + 1) * size), () => {
				if (isFirst) options.afterFirstPiece()
			})
			piece++
			if (piece < options.pieces) setTimeout(sendNext, options.intervalMs)
			else outgoing.end()
		}
		sendNext()
	})
}

describe('SIGTERM while an upload arrives and a document is being read', () => {
	let instance: Instance
	let sql: postgres.Sql | undefined
	beforeAll(async () => {
		instance = await startInstance({ env: { SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS), LOG_LEVEL: 'info' } })
	})
	afterAll(async () => {
		await sql?.end({ timeout: 1 })
		await instance?.destroy()
	})

	it('drains: the upload is stored, the job goes back without using an attempt, everything is gone within the grace period and PostgreSQL stops cleanly', async () => {
		const cookie = await registerPatient(instance.base)
		sql = postgres(databaseUrl(instance), { max: 1, onnotice: () => {} })
		const scan = readFileSync(path.join(FIXTURES, 'scan/scanned_lab_report_2p.pdf'))
		const { body } = await upload(instance.base, cookie, 'scan.pdf', scan)
		const jobKey = `document:${body.documentId}`
		// the worker has taken the job and is reading the scan (OCR: several seconds)
		await waitUntil(
			async () => {
				const [job] = await sql!<{ lockedAt: Date | null }[]>`select locked_at as "lockedAt" from graphile_worker.jobs where key = ${jobKey}`
				return job?.lockedAt
			},
			60_000,
			'the worker to take the job',
		)
		await sql.end({ timeout: 1 })
		sql = undefined

		let stopping: Promise<{ code: number | null; ms: number }> | undefined
		const slow = await slowUpload(instance.base, cookie, readFileSync(path.join(FIXTURES, 'lab/bluewater_final_report.pdf')), {
			pieces: 8,
			intervalMs: 250,
			afterFirstPiece: () => (stopping = instance.stop('SIGTERM')),
		})
		// the upload in flight was finished, not cut (no ECONNRESET)
		expect(slow).toMatchObject({ status: 201 })
		const slowDocumentId = (JSON.parse((slow as { body: string }).body) as { documentId: string }).documentId

		const stopped = await stopping!
		expect(stopped.code).toBe(0)
		expect(stopped.ms).toBeLessThan((GRACE_SECONDS + 5) * 1000)
		// nothing of the instance is left: web, worker, extraction child, its OCR, PostgreSQL
		await waitUntil(() => processesOf(instance.dataDir).length === 0, 3_000, 'every process of the instance to end')

		const log = readFileSync(path.join(instance.dataDir, 'logs/postgres.log'), 'utf8')
		expect(log).toContain('database system is shut down')
		expect(instance.output()).toContain('"event":"jobs.interrupted_released"')

		// Behind it, in its database: the job back in the queue with its attempt given back, both documents waiting.
		const database = await startEmbeddedPostgres({ dataDir: instance.dataDir, port: instance.pgPort, logFile: embeddedPostgresLogFile(instance.dataDir) })
		const check = postgres(databaseUrl(instance), { max: 1, onnotice: () => {} })
		try {
			const [job] = await check<{ attempts: number; lockedBy: string | null; lastError: string | null; isDue: boolean }[]>`
				select attempts, locked_by as "lockedBy", last_error as "lastError", run_at <= now() as "isDue" from graphile_worker.jobs where key = ${jobKey}`
			expect(job).toEqual({ attempts: 0, lockedBy: null, lastError: INTERRUPTED_JOB_NOTE, isDue: true })
			const [organization] = await check<{ schema: string }[]>`select schema_name as schema from app.organizations order by created_at desc limit 1`
			const statuses = await check<{ id: string; status: string }[]>`select id, status from ${check(`${organization!.schema}.documents`)} order by uploaded_at`
			expect(statuses).toEqual([
				{ id: body.documentId, status: 'queued' },
				{ id: slowDocumentId, status: 'queued' },
			])
		} finally {
			await check.end({ timeout: 1 })
			await database.stop()
		}
		// a clean stop: the next start found no crash to recover from
		expect(readFileSync(path.join(instance.dataDir, 'logs/postgres.log'), 'utf8')).not.toContain('was interrupted')
	})
})
