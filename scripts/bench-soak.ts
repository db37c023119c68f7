/**
 * Soak: 25 signed-in patients for 5 minutes on the production build, each
 * about once a second opening a page (dashboard, records, trends,
 * appointments, notifications), calling the API the pages call, or now and
 * then uploading a lab report (which the worker reads meanwhile). Prints the
 * requests that failed (target 0), the latency p50/p95 (target p95 < 300 ms
 * here), and the web process's resident memory before the load, at its
 * peak and after it (once the queue is empty and the server idled 30 s),
 * as it is and after two full garbage collections (through the process's
 * inspector, opened for that alone); target: back within 10 % of before.
 * Usage: npm run build && npm run bench:soak [-- --users=25 --minutes=5]
 */
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { openInspector, percentile, registerBenchPatient, residentBytes, startApp, stopApp, waitFor200, webProcessId } from './bench-support.ts'

if (!existsSync('build/server/index.js')) {
	console.error('run `npm run build` first')
	process.exit(1)
}
const argument = (name: string, fallback: number) => Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)
const USERS = argument('users', 25)
const DURATION_MS = argument('minutes', 5) * 60_000
/** Each user waits this long between actions, on average (0.5-1.5 s). */
const THINK_MS = 1_000
/** About one action in this many is an upload. */
const UPLOAD_EVERY = 25
const IDLE_AFTER_MS = 30_000
const TARGET_P95_MS = 300

const port = Number(process.env.BENCH_PORT ?? 3270)
const pgPort = Number(process.env.BENCH_PG_PORT ?? 54479)
const base = `http://localhost:${port}`
const inspector = { host: '127.0.0.1', port: Number(process.env.BENCH_INSPECT_PORT ?? port + 20_001) }
const pdf = readFileSync(path.resolve('../shared/fixtures/documents/lab/bluewater_final_report.pdf'))

const PAGES = ['/', '/records', '/trends', '/appointments', '/notifications']
/** What the pages call from the browser (tRPC with superjson input). */
const API_CALLS = ['/api/trpc/documents.list', `/api/trpc/notifications.overview?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`]

type Sample = { kind: 'page' | 'api' | 'upload'; ms: number; ok: boolean; status: number | string }

async function timedRequest(kind: Sample['kind'], url: string, init: RequestInit, okStatuses: number[]): Promise<Sample> {
	const started = performance.now()
	try {
		const response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(30_000) })
		await response.arrayBuffer()
		return { kind, ms: performance.now() - started, ok: okStatuses.includes(response.status), status: response.status }
	} catch (error) {
		return { kind, ms: performance.now() - started, ok: false, status: (error as Error).name }
	}
}

function uploadOnce(cookie: string, index: number) {
	const form = new FormData()
	form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `soak-report-${index}.pdf`)
	return timedRequest('upload', `${base}/api/documents/upload`, { method: 'POST', headers: { cookie, Origin: base }, body: form }, [201])
}

async function user(cookie: string, until: number, samples: Sample[]) {
	let actions = 0
	while (Date.now() < until) {
		actions++
		const roll = Math.random()
		if (roll < 1 / UPLOAD_EVERY) samples.push(await uploadOnce(cookie, actions))
		else if (roll < 0.7) samples.push(await timedRequest('page', `${base}${PAGES[actions % PAGES.length]}`, { headers: { cookie } }, [200]))
		else samples.push(await timedRequest('api', `${base}${API_CALLS[actions % API_CALLS.length]}`, { headers: { cookie } }, [200]))
		await new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + Math.random())))
	}
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'carebook-soak-'))
const app = startApp({
	script: 'start',
	port,
	pgPort,
	dataDir,
	env: {
		REGISTER_IP_MAX_PER_HOUR: '1000',
		REGISTER_GLOBAL_MAX_PER_HOUR: '1000',
		UPLOAD_USER_MAX_PER_WINDOW: '1000',
		UPLOAD_ORGANIZATION_MAX_PER_WINDOW: '1000',
		// Only where an inspector would listen if one were opened (SIGUSR1, web process only): nothing listens until then.
		NODE_OPTIONS: `--inspect-port=${inspector.host}:${inspector.port}`,
	},
})
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
try {
	await waitFor200(`${base}/healthz`)
	const cookies: string[] = []
	for (let index = 0; index < USERS; index++) cookies.push((await registerBenchPatient(base, `Soak User ${index}`)).cookie)
	// Warm-up: every page and call once per user, and one upload, before memory is read.
	for (const cookie of cookies) {
		for (const page of [...PAGES, ...API_CALLS]) await timedRequest('page', `${base}${page}`, { headers: { cookie } }, [200])
	}
	await uploadOnce(cookies[0]!, 0)
	const web = webProcessId(app)
	const memory = await openInspector(web, inspector)
	const before = await memory.memoryAfterCollection()
	let peak = residentBytes(web)
	const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(web))), 1_000)

	console.log(`${USERS} users for ${(DURATION_MS / 60_000).toFixed(1)} min against ${base}`)
	const samples: Sample[] = []
	const started = Date.now()
	await Promise.all(cookies.map((cookie) => user(cookie, started + DURATION_MS, samples)))
	const elapsed = Date.now() - started

	// The uploads' documents processed (or failed), then idle.
	const sql = postgres(`postgres://postgres:carebook-local@127.0.0.1:${pgPort}/carebook`, { max: 1, onnotice: () => {} })
	const queueStarted = Date.now()
	for (;;) {
		const [queue] = await sql<
			{ waiting: number }[]
		>`select count(*)::int as waiting from graphile_worker.jobs where task_identifier = 'process_document' and attempts < max_attempts`
		if (queue!.waiting === 0 || Date.now() - queueStarted > 10 * 60_000) break
		await new Promise((resolve) => setTimeout(resolve, 1_000))
	}
	const queueMs = Date.now() - queueStarted
	await sql.end()
	await new Promise((resolve) => setTimeout(resolve, IDLE_AFTER_MS))
	clearInterval(sampler)
	const afterAsIs = residentBytes(web)
	const after = await memory.memoryAfterCollection()
	memory.close()

	const failed = samples.filter((sample) => !sample.ok)
	const byStatus = new Map<string, number>()
	for (const sample of failed) byStatus.set(String(sample.status), (byStatus.get(String(sample.status)) ?? 0) + 1)
	const timesOf = (kind?: Sample['kind']) => samples.filter((sample) => !kind || sample.kind === kind).map((sample) => sample.ms)
	const line = (label: string, times: number[]) =>
		times.length === 0
			? `${label.padEnd(10)} n=    0`
			: `${label.padEnd(10)} n=${String(times.length).padStart(5)}  p50 ${percentile(times, 50).toFixed(0).padStart(5)} ms  p95 ${percentile(times, 95).toFixed(0).padStart(5)} ms  max ${Math.max(
					...times,
				)
					.toFixed(0)
					.padStart(6)} ms`
	console.log(`requests: ${samples.length} in ${(elapsed / 1000).toFixed(0)} s (${(samples.length / (elapsed / 1000)).toFixed(1)}/s)`)
	console.log(`errors: ${failed.length}${failed.length ? ` (${[...byStatus].map(([status, count]) => `${status}: ${count}`).join(', ')})` : ''} (target 0)`)
	console.log(line('all', timesOf()))
	console.log(line('pages', timesOf('page')))
	console.log(line('api', timesOf('api')))
	console.log(line('uploads', timesOf('upload')))
	console.log(`p95 of all requests: ${percentile(timesOf(), 95).toFixed(0)} ms (target < ${TARGET_P95_MS} ms)`)
	console.log(`queue emptied ${(queueMs / 1000).toFixed(0)} s after the load`)
	const change = ((after.resident - before.resident) / before.resident) * 100
	console.log(
		`web memory (RSS): before ${megabytes(before.resident)} (heap ${megabytes(before.heap)}), peak ${megabytes(peak)}, after ${IDLE_AFTER_MS / 1000} s idle ${megabytes(afterAsIs)}, after a full collection ${megabytes(after.resident)} (heap ${megabytes(after.heap)}): ${change >= 0 ? '+' : ''}${change.toFixed(1)} % (target within 10 %)`,
	)
} finally {
	await stopApp(app)
	await rm(dataDir, { recursive: true, force: true })
}
