import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readFileSync, readdirSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { processTreeRssMb } from '#server/extraction/isolated-extract.ts'
import { blankPdf, deflatedDicomBomb, heicDeclaring, jpegDeclaring, pngDeclaring, webpDeclaring } from '#tests/support/hostile-files.ts'
import { canEncodeHeic } from '#tests/support/phone-photo-formats.ts'
import { FIXTURES } from './document-upload.ts'
import { useTestDatabase } from './test-database.ts'

/**
 * The whole app as `npm run dev` starts it (scripts/start.ts: web server,
 * worker, extraction child processes) against this file's database, fed
 * hostile files through the upload endpoint: each ends 'failed' with its
 * reason, the worker's process tree stays under 600 MB, /healthz answers
 * throughout, the next normal upload is processed, and a worker killed in
 * the middle of a document is started again and finishes it once.
 */

const { url: databaseUrl } = useTestDatabase()

// Ports from the test database's, so that runs with different TEST_PG_PORTs do not meet (54353: web 3113, HMR 23113).
const PORT = Number(process.env.TEST_PG_PORT ?? 54349) - 51_240
const base = `http://127.0.0.1:${PORT}`
const dataDir = path.resolve(`tests/.tmp/hostile-${randomUUID()}`)
const WORKER_MEMORY_TARGET_MB = 600

let app: ChildProcess
let cookie = ''
let appLog = ''

function descendants(pid: number): number[] {
	let children: number[] = []
	try {
		children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
			readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
		)
	} catch {
		return []
	}
	return children.flatMap((child) => [child, ...descendants(child)])
}

function commandLine(pid: number) {
	try {
		return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
	} catch {
		return ''
	}
}

/** The worker process below the start script (the outermost, should a launcher run it). */
function workerProcess(): number | null {
	return descendants(app.pid!).find((pid) => commandLine(pid).includes('server/jobs/worker.ts')) ?? null
}

/** Samples the worker's whole process tree (worker, extraction child, OCR processes) every 100 ms. */
function sampleWorkerMemory() {
	let peakMb = 0
	const timer = setInterval(() => {
		const worker = workerProcess()
		if (worker) peakMb = Math.max(peakMb, processTreeRssMb(worker) ?? 0)
	}, 100)
	return {
		stop: () => {
			clearInterval(timer)
			return peakMb
		},
	}
}

/** Asks /healthz every 250 ms; counts the answers that were not 200. */
function watchHealth() {
	let checks = 0
	const failures: string[] = []
	let isRunning = true
	const loop = (async () => {
		while (isRunning) {
			checks++
			try {
				const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5_000) })
				if (response.status !== 200) failures.push(`status ${response.status}`)
				await response.body?.cancel()
			} catch (error) {
				failures.push((error as Error).name)
			}
			await new Promise((resolve) => setTimeout(resolve, 250))
		}
	})()
	return {
		stop: async () => {
			isRunning = false
			await loop
			return { checks, failures }
		},
	}
}

async function waitForHealthy(timeoutMs: number) {
	const started = Date.now()
	while (Date.now() - started < timeoutMs) {
		if (app.exitCode !== null) throw new Error(`the app stopped: ${appLog.slice(-2000)}`)
		try {
			const response = await fetch(`${base}/healthz`)
			if (response.status === 200) return
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, 200))
	}
	throw new Error(`no /healthz within ${timeoutMs} ms: ${appLog.slice(-2000)}`)
}

async function upload(name: string, bytes: Buffer): Promise<string> {
	const form = new FormData()
	form.append('file', new Blob([new Uint8Array(bytes)]), name)
	const response = await fetch(`${base}/api/documents/upload`, { method: 'POST', headers: { cookie, Origin: base }, body: form })
	const body = (await response.json()) as { documentId?: string; message?: string }
	if (!body.documentId) throw new Error(`upload of ${name} refused (${response.status}): ${body.message}`)
	return body.documentId
}

type DocumentState = { id: string; status: string; failureReason: string | null; failureMessage: string | null }

async function documentStates(ids: string[]): Promise<DocumentState[]> {
	const input = encodeURIComponent(JSON.stringify({ json: { ids } }))
	const response = await fetch(`${base}/api/trpc/documents.byIds?input=${input}`, { headers: { cookie } })
	return ((await response.json()) as { result: { data: { json: DocumentState[] } } }).result.data.json
}

/** Polls until every document is processed or failed; returns each one's state and the time it took from `since`. */
async function waitForOutcomes(ids: string[], since: number, timeoutMs: number) {
	const done = new Map<string, { state: DocumentState; ms: number }>()
	while (done.size < ids.length) {
		if (Date.now() - since > timeoutMs) {
			throw new Error(
				`still waiting for ${ids.length - done.size} document(s): ${JSON.stringify(await documentStates(ids))}\njobs: ${await describeJobs()}\napp log: ${appLog.slice(-3000)}`,
			)
		}
		for (const state of await documentStates(ids.filter((id) => !done.has(id)))) {
			if (state.status === 'processed' || state.status === 'failed') done.set(state.id, { state, ms: Date.now() - since })
		}
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	return done
}

/** The queue's state, for a failure message. */
async function describeJobs() {
	const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
	try {
		return JSON.stringify(await sql`select id, task_identifier, locked_by, locked_at, attempts, max_attempts, run_at, last_error from graphile_worker.jobs`)
	} finally {
		await sql.end()
	}
}

beforeAll(async () => {
	app = spawn(path.resolve('node_modules/.bin/tsx'), ['scripts/start.ts', '--dev'], {
		env: {
			...process.env,
			NODE_ENV: 'development',
			PORT: String(PORT),
			HOST: '127.0.0.1',
			HMR_PORT: String(PORT + 20_000),
			DATA_DIR: dataDir,
			DATABASE_URL: databaseUrl,
			DEMO_MODE: 'false',
			LOG_LEVEL: 'info',
		},
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	for (const stream of [app.stdout!, app.stderr!]) {
		stream.on('data', (chunk: Buffer) => {
			appLog = (appLog + chunk.toString('utf8')).slice(-20_000)
		})
	}
	await waitForHealthy(180_000)
	const password = 'Correct-horse-9'
	const register = await fetch(`${base}/register`, {
		method: 'POST',
		redirect: 'manual',
		headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ name: 'Hostile Files', email: `hostile-${randomUUID()}@example.test`, password, confirmPassword: password }),
	})
	cookie = register.headers.get('set-cookie')!.split(';')[0]!
}, 240_000)

afterAll(async () => {
	if (app && app.exitCode === null) {
		const exited = new Promise((resolve) => app.once('exit', resolve))
		process.kill(-app.pid!, 'SIGINT')
		await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))])
		if (app.exitCode === null) process.kill(-app.pid!, 'SIGKILL')
	}
	await rm(dataDir, { recursive: true, force: true })
}, 30_000)

describe('hostile files through the running app', () => {
	it('fails each bomb with its reason while the worker stays under 600 MB and /healthz answers; the next upload is processed', async () => {
		const bombs: Array<[string, Buffer]> = [
			['study.dcm', deflatedDicomBomb(1_100_000_000)],
			['poster.pdf', blankPdf([{ width: 20_000, height: 20_000 }])],
			['photo.jpg', await jpegDeclaring(30_000, 30_000)],
			['scan.png', await pngDeclaring(30_000, 30_000)],
			['photo.webp', await webpDeclaring(16_000, 16_000)],
			// a phone's HEIC declaring 30,000 x 30,000 (where heif-enc can make the real one it is rewritten from)
			...(canEncodeHeic ? [['IMG_0001.HEIC', await heicDeclaring(30_000, 30_000)] as [string, Buffer]] : []),
			['blank-pages.pdf', blankPdf(Array.from({ length: 500 }, () => ({ width: 612, height: 792 })))],
		]
		const memory = sampleWorkerMemory()
		const health = watchHealth()
		const started = Date.now()
		const ids: string[] = []
		for (const [name, bytes] of bombs) ids.push(await upload(name, bytes))
		const outcomes = await waitForOutcomes(ids, started, 120_000)

		const normalStarted = Date.now()
		const normalId = await upload('lab-report.pdf', readFileSync(path.join(FIXTURES, 'lab/bluewater_final_report.pdf')))
		const normal = await waitForOutcomes([normalId], normalStarted, 60_000)
		const peakMb = memory.stop()
		const { checks, failures } = await health.stop()

		const report = bombs.map(([name], index) => {
			const outcome = outcomes.get(ids[index]!)!
			return { name, status: outcome.state.status, reason: outcome.state.failureReason, message: outcome.state.failureMessage, ms: outcome.ms }
		})
		console.log(JSON.stringify({ bombs: report, normalMs: normal.get(normalId)!.ms, workerPeakMb: Math.round(peakMb), healthChecks: checks }))
		for (const row of report) {
			expect(row, row.name).toMatchObject({ status: 'failed', reason: 'too_large_to_process' })
			expect(row.message, row.name).toMatch(/^This file is too large to process/)
		}
		expect(report.find((row) => row.name === 'blank-pages.pdf')!.message).toMatch(/more than 300 pages/)
		expect(normal.get(normalId)!.state).toMatchObject({ status: 'processed', failureReason: null })
		expect(peakMb).toBeGreaterThan(50)
		expect(peakMb).toBeLessThan(WORKER_MEMORY_TARGET_MB)
		expect(failures).toEqual([])
		expect(checks).toBeGreaterThan(5)
	}, 200_000)

	it('starts a killed worker again, keeps the web server up and finishes the interrupted document once', async () => {
		const health = watchHealth()
		const memory = sampleWorkerMemory()
		const before = workerProcess()!
		const started = Date.now()
		const id = await upload('scanned-report.pdf', readFileSync(path.join(FIXTURES, 'scan/scanned_lab_report_2p.pdf')))
		for (;;) {
			const [state] = await documentStates([id])
			if (state!.status === 'processing') break
			if (state!.status !== 'queued') throw new Error(`finished before the worker could be killed: ${state!.status}`)
			if (Date.now() - started > 60_000) throw new Error('never started processing')
			await new Promise((resolve) => setTimeout(resolve, 50))
		}
		process.kill(before, 'SIGKILL')

		const outcome = await waitForOutcomes([id], started, 150_000)
		const { failures } = await health.stop()
		const peakMb = memory.stop()
		const after = workerProcess()
		expect(after).not.toBeNull()
		expect(after).not.toBe(before)
		expect(outcome.get(id)!.state).toMatchObject({ status: 'processed' })
		expect(failures).toEqual([])

		const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
		try {
			const [tenant] = await sql<{ schema: string }[]>`
				select o.schema_name as schema from app.organizations o
				join app.memberships m on m.organization_id = o.id
				join app.users u on u.id = m.user_id
				where u.email like 'hostile-%@example.test'`
			const notifications = await sql<{ title: string }[]>`select title from ${sql(tenant!.schema)}.notifications where link = ${`/records/${id}`}`
			// Each notification once (values outside the range also give 'Abnormal values found').
			const titles = notifications.map((row) => row.title)
			expect(titles.filter((title) => title === 'Document processed')).toHaveLength(1)
			expect(new Set(titles).size).toBe(titles.length)
			const [document] = await sql<{ attempts: number }[]>`select attempts from ${sql(tenant!.schema)}.documents where id = ${id}`
			expect(document!.attempts).toBeGreaterThanOrEqual(2)
		} finally {
			await sql.end()
		}
		console.log(JSON.stringify({ interruptedDocumentMs: outcome.get(id)!.ms, workerPeakMb: Math.round(peakMb) }))
	}, 200_000)
})
