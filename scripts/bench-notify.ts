/**
 * npm run bench:notify   (npm run build first)
 *
 * Live notifications on the production build: the app is started as
 * `npm start` starts it (scripts/start.ts: embedded PostgreSQL, migrations,
 * the web server as its own process, NODE_ENV=production) on its own ports
 * and data folder; this process plays the worker (it writes notifications
 * through server/notifications' writer into the app's database and commits)
 * and the browsers (HTTP connections to GET /api/notifications/stream with
 * real session cookies, sessions inserted as tests/e2e/fixtures.ts does,
 * read as an EventSource reads them).
 *  1. Latency: 100 notifications one after the other to one open stream,
 *     from just before the writing transaction to the event's arrival;
 *     median, p95 and max. Target: median < 200 ms.
 *  2. Load: 1,000 open streams (1,000 members of one organization, one
 *     connection each) on the one web process; its resident memory (from
 *     /proc) and heap before and after, per connection; one system notification to
 *     all of them (sendSystemNotification) and each stream's delivery time;
 *     then the streams are held past a keepalive and Node's request and
 *     header timeouts; every stream must stay open (0 dropped) and get it.
 * Memory is read after a full garbage collection in the web process (its
 * inspector, opened by SIGUSR1 on BENCH_INSPECT_PORT, asks for one): without
 * it the resident size says when V8 last compacted, not what the streams
 * hold (a first run read 342 MB before the streams and 231 MB with them).
 * Even after one, the resident size of a freshly started process keeps
 * falling for a minute or two (310 MB before the streams, 235 MB with them
 * 80 s later), so the resident cost of a connection is read as the size with
 * the streams minus the size after closing them, both late; the heap is also
 * compared with the baseline, and after closing must come back to it.
 * Ports: BENCH_PORT (web, default 3260), BENCH_PG_PORT (embedded PostgreSQL,
 * default 54489), BENCH_INSPECT_PORT (default BENCH_PORT + 20,001).
 * Bounded: about two minutes after the build.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { BENCH_PASSWORD, openInspector, percentile, residentBytes, startApp, stopApp, waitFor200, webProcessId } from './bench-support.ts'

if (!existsSync('build/server/index.js')) {
	console.error('run `npm run build` first')
	process.exit(1)
}
const EVENTS = 100
const WARM_UP = 5
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1_000)
const TARGET_MEDIAN_MS = 200
/** Past Node's headersTimeout (60 s) and three keepalive comments (every 20 s). */
const HOLD_MS = Number(process.env.BENCH_HOLD_MS ?? 65_000)
const port = Number(process.env.BENCH_PORT ?? 3260)
const pgPort = Number(process.env.BENCH_PG_PORT ?? 54489)
const inspectPort = Number(process.env.BENCH_INSPECT_PORT ?? port + 20_001)
const host = '127.0.0.1'
const base = `http://${host}:${port}`

const dataDir = await mkdtemp(path.join(tmpdir(), 'carebook-bench-notify-'))
const app = startApp({
	script: 'start',
	port,
	pgPort,
	dataDir,
	env: {
		NODE_ENV: 'production',
		EMBEDDED_DATABASE_IN_PRODUCTION: 'true',
		APP_ORIGIN: base,
		HOST: host,
		SIGNING_SECRET: randomBytes(32).toString('hex'),
		// The streams and the writer are measured, not the job queue.
		START_WORKER: 'false',
		// Only where an inspector would listen if one were opened (SIGUSR1, web process only): nothing listens until then.
		NODE_OPTIONS: `--inspect-port=${host}:${inspectPort}`,
	},
})

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type Stream = {
	received: Map<string, number>
	waiters: Map<string, () => void>
	connected: Promise<void>
	keepalives: number
	/** Ended or failed before the benchmark closed it. */
	dropped: boolean
	close: () => void
}

/** One EventSource-equivalent connection (its own socket, the headers a browser sends). */
function openStream(cookie: string): Stream {
	let markConnected = () => {}
	let failConnected = (_error: Error) => {}
	const stream: Stream = {
		received: new Map(),
		waiters: new Map(),
		connected: new Promise<void>((resolve, reject) => {
			markConnected = resolve
			failConnected = reject
		}),
		keepalives: 0,
		dropped: false,
		close: () => {
			isClosing = true
			request.destroy()
		},
	}
	let isClosing = false
	const request = http.get(
		`${base}/api/notifications/stream`,
		{ agent: false, headers: { Accept: 'text/event-stream', 'Cache-Control': 'no-cache', 'Accept-Encoding': 'gzip, deflate, br', Cookie: cookie } },
		(response) => {
			const type = String(response.headers['content-type'] ?? '')
			if (response.statusCode !== 200 || !type.startsWith('text/event-stream') || response.headers['content-encoding']) {
				failConnected(new Error(`stream answered ${response.statusCode} ${type} ${response.headers['content-encoding'] ?? ''}`))
				response.resume()
				return
			}
			response.setEncoding('utf8')
			let buffer = ''
			response.on('data', (chunk: string) => {
				const arrivedAt = performance.now()
				buffer += chunk
				let end: number
				while ((end = buffer.indexOf('\n\n')) >= 0) {
					const block = buffer.slice(0, end)
					buffer = buffer.slice(end + 2)
					if (block.startsWith(':')) stream.keepalives += 1
					const data = block.split('\n').find((line) => line.startsWith('data: '))
					if (!data) continue
					const message = JSON.parse(data.slice(6)) as { type: string; data: { title?: string } }
					if (message.type === 'connected') markConnected()
					else if (message.data.title) {
						stream.received.set(message.data.title, arrivedAt)
						stream.waiters.get(message.data.title)?.()
					}
				}
			})
			response.on('close', () => {
				if (!isClosing) stream.dropped = true
			})
		},
	)
	request.on('error', (error) => {
		if (!isClosing) stream.dropped = true
		failConnected(error)
	})
	return stream
}

function arrival(stream: Stream, title: string, timeoutMs = 10_000) {
	if (stream.received.has(title)) return Promise.resolve()
	return new Promise<void>((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`'${title}' did not arrive`)), timeoutMs)
		stream.waiters.set(title, () => {
			clearTimeout(timer)
			resolve()
		})
	})
}

let exitCode = 1
try {
	await waitFor200(`${base}/healthz`)
	const web = webProcessId(app)
	// This process writes into the app's database, as the worker does.
	const { embeddedServerUrl, withDatabase } = await import('#db/embedded.ts')
	process.env.DATABASE_URL = withDatabase(embeddedServerUrl(pgPort), 'carebook')
	process.env.LOG_LEVEL = 'silent'
	const { closeDb, getDb } = await import('#db/client.ts')
	const { memberships, userPreferences, users } = await import('#db/schema/platform.ts')
	const { createSession, hashPassword, registerPatient, SESSION_COOKIE } = await import('#server/auth/index.ts')
	const { writeNotification, sendSystemNotification } = await import('#server/notifications/index.ts')
	const { withTenant } = await import('#server/tenancy/index.ts')

	const { user, organization } = await registerPatient({ name: 'Bench Patient', email: `bench-${Date.now()}@example.test`, password: BENCH_PASSWORD })
	const organizationId = organization.id
	const passwordHash = await hashPassword(BENCH_PASSWORD)
	const memberRows = Array.from({ length: CONNECTIONS - 1 }, (_, index) => ({
		name: `Member ${index}`,
		email: `member-${index}-${randomUUID()}@example.test`,
		passwordHash,
	}))
	const members = memberRows.length ? await getDb().insert(users).values(memberRows).returning({ id: users.id }) : []
	if (members.length)
		await getDb()
			.insert(memberships)
			.values(members.map((member) => ({ userId: member.id, organizationId, role: 'user' as const })))
	const userIds = [user.id, ...members.map((member) => member.id)]
	// E-mail off for everyone: the live path is measured, not the outbox.
	await getDb()
		.insert(userPreferences)
		.values(userIds.map((userId) => ({ userId, emailNotifications: false, inAppNotifications: true })))
		.onConflictDoUpdate({ target: userPreferences.userId, set: { emailNotifications: false } })
	const cookies: string[] = []
	for (let index = 0; index < userIds.length; index += 50) {
		const batch = await Promise.all(userIds.slice(index, index + 50).map((userId) => createSession({ userId, kind: 'patient', organizationId })))
		cookies.push(...batch.map((session) => `${SESSION_COOKIE.patient}=${session.token}`))
	}

	// 1. Latency, one stream.
	const first = openStream(cookies[0]!)
	await first.connected
	const latencies: number[] = []
	for (let index = 0; index < EVENTS + WARM_UP; index++) {
		const title = `Event ${index}`
		const started = performance.now()
		await withTenant(organizationId, (tx) => writeNotification(tx, { ownerId: user.id, type: 'new_document', title, message: 'Benchmark', link: '/records' }))
		await arrival(first, title)
		if (index >= WARM_UP) latencies.push(first.received.get(title)! - started)
	}
	const median = percentile(latencies, 50)
	console.log(
		`latency, write in this process to SSE arrival from the production web process (${EVENTS} events after ${WARM_UP} warm-up): median ${median.toFixed(1)} ms   p95 ${percentile(latencies, 95).toFixed(1)} ms   max ${Math.max(...latencies).toFixed(1)} ms   (target median < ${TARGET_MEDIAN_MS} ms: ${median < TARGET_MEDIAN_MS ? 'met' : 'NOT met'})`,
	)
	first.close()
	await settle(1_000)

	// 2. Load: CONNECTIONS streams on the one web process.
	/** Every session's stream, opened 100 at a time, each batch connected before the next. */
	async function openAllStreams() {
		const opened: Stream[] = []
		let failures = 0
		for (let index = 0; index < cookies.length; index += 100) {
			const batch = cookies.slice(index, index + 100).map(openStream)
			opened.push(...batch)
			for (const result of await Promise.allSettled(batch.map((stream) => stream.connected))) if (result.status === 'rejected') failures += 1
		}
		return { opened, failures }
	}
	// A first round opened and closed: the baseline is a process that has served as many streams (its code compiled, its allocator's arenas grown), as the figure with them is.
	for (const stream of (await openAllStreams()).opened) stream.close()
	await settle(2_000)
	const inspector = await openInspector(web, { host, port: inspectPort })
	const before = await inspector.memoryAfterCollection()
	const openStarted = performance.now()
	const { opened: streams, failures: refused } = await openAllStreams()
	const openMs = performance.now() - openStarted
	await settle(2_000)
	const afterOpen = residentBytes(web)
	console.log(
		`${streams.length} streams opened in ${(openMs / 1000).toFixed(1)} s (${refused} refused); web process ${(before.resident / 1e6).toFixed(0)} MB resident before (${(before.heap / 1e6).toFixed(0)} MB heap, after a full collection), ${(afterOpen / 1e6).toFixed(0)} MB just after`,
	)
	const title = 'Maintenance tonight'
	const sentAt = performance.now()
	const sent = await sendSystemNotification({ organizationId, title, message: 'Carebook is down 2-3 AM.' })
	const committedMs = performance.now() - sentAt
	const results = await Promise.allSettled(streams.map((stream) => arrival(stream, title, 60_000)))
	const delivered = streams.filter((stream) => stream.received.has(title)).map((stream) => stream.received.get(title)! - sentAt)
	console.log(
		`system notification to ${sent.recipients} members (written and committed in ${committedMs.toFixed(0)} ms): delivered to ${delivered.length}/${streams.length} streams; delivery median ${percentile(delivered, 50).toFixed(0)} ms   p95 ${percentile(delivered, 95).toFixed(0)} ms   max ${Math.max(...delivered).toFixed(0)} ms after the send started`,
	)
	const failed = results.filter((result) => result.status === 'rejected').length
	const heldFrom = performance.now()
	await settle(HOLD_MS)
	const held = await inspector.memoryAfterCollection()
	const perConnection = (bytes: number) => `${(bytes / streams.length / 1024).toFixed(1)} KB`
	const dropped = streams.filter((stream) => stream.dropped).length
	const withKeepalive = streams.filter((stream) => stream.keepalives > 0).length
	console.log(
		`held ${((performance.now() - heldFrom) / 1000).toFixed(0)} s more: ${withKeepalive}/${streams.length} streams got keepalives; web process after a full collection ${(held.resident / 1e6).toFixed(0)} MB resident (${(held.heap / 1e6).toFixed(0)} MB heap): ${perConnection(held.heap - before.heap)} heap per connection over the baseline; connections dropped: ${dropped}`,
	)
	const [one, five] = loadavg()
	console.log(`load average ${one!.toFixed(2)} (1 min) ${five!.toFixed(2)} (5 min) on ${cpus().length} cores`)

	for (const stream of streams) stream.close()
	await settle(2_000)
	const closed = await inspector.memoryAfterCollection()
	inspector.close()
	console.log(
		`all streams closed: web process after a full collection ${(closed.resident / 1e6).toFixed(0)} MB resident (${(closed.heap / 1e6).toFixed(0)} MB heap, ${((closed.heap - before.heap) / 1e6).toFixed(1)} MB over the baseline); resident per connection while open (with the streams minus after closing them) ${perConnection(held.resident - closed.resident)}, heap ${perConnection(held.heap - closed.heap)}`,
	)
	await closeDb()
	exitCode = median < TARGET_MEDIAN_MS && failed === 0 && dropped === 0 && refused === 0 ? 0 : 1
} catch (error) {
	console.error(error)
} finally {
	await stopApp(app)
	await rm(dataDir, { recursive: true, force: true })
}
process.exit(exitCode)
