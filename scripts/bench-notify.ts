/**
 * npm run bench:notify
 *
 * Live notifications through PostgreSQL LISTEN/NOTIFY, across processes:
 * this process plays the worker (writes notifications through
 * server/notifications and commits), a second process serves the live
 * streams over HTTP on loopback (scripts/bench-notify-web.ts), and this
 * process reads them as a browser would.
 *  1. Latency: 100 notifications one after the other to one open stream,
 *     from just before the writing transaction to the event's arrival;
 *     median, p95 and max. Target: median < 200 ms.
 *  2. Load: 1,000 open streams (1,000 members of one organization) on the one
 *     web process; its memory per connection (resident and heap, after a GC),
 *     then one system notification to all of them (sendSystemNotification:
 *     1,000 rows, 1,000 NOTIFY, fanned out by the one listener) and each
 *     stream's delivery time; every stream must stay open and get it.
 * Uses its own embedded PostgreSQL (BENCH_PG_PORT, default 54489).
 */
import { fork } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { closeDb, getDb } from '#db/client.ts'
import { memberships, users } from '#db/schema/platform.ts'
import { percentile, startBenchDatabase } from './bench-support.ts'

const EVENTS = 100
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1_000)
const TARGET_MEDIAN_MS = 200
const DATABASE = 'carebook_bench_notify'
const WEB_PORT = Number(process.env.BENCH_WEB_PORT ?? 3299)

const server = await startBenchDatabase({ name: DATABASE, port: Number(process.env.BENCH_PG_PORT ?? 54489) })
const { registerPatient, hashPassword } = await import('#server/auth/index.ts')
const { writeNotification, sendSystemNotification } = await import('#server/notifications/index.ts')
const { withTenant } = await import('#server/tenancy/index.ts')

const { user, organization } = await registerPatient({ name: 'Bench Patient', email: `bench-${Date.now()}@example.test`, password: 'Correct-horse-9' })
const organizationId = organization.id
// E-mail off for everyone: the benchmark measures the live path, not the outbox.
const passwordHash = await hashPassword('Correct-horse-9')
const memberRows = Array.from({ length: CONNECTIONS - 1 }, (_, index) => ({ name: `Member ${index}`, email: `member-${index}-${randomUUID()}@example.test`, passwordHash }))
const members = memberRows.length ? await getDb().insert(users).values(memberRows).returning({ id: users.id }) : []
if (members.length) await getDb().insert(memberships).values(members.map((member) => ({ userId: member.id, organizationId, role: 'user' as const })))
const userIds = [user.id, ...members.map((member) => member.id)]
const { updateUserPreferences } = await import('#server/account/index.ts')
for (const userId of userIds) await updateUserPreferences(userId, { emailNotifications: false })

const web = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench-notify-web.ts'), {
	env: { ...process.env, BENCH_WEB_PORT: String(WEB_PORT) },
	execArgv: ['--import', 'tsx', '--expose-gc'],
})
type WebMessage = { type: string; rss?: number; heapUsed?: number; streams?: number }
const nextMessage = (type: string) => new Promise<WebMessage>((resolve) => web.on('message', function on(message: WebMessage) {
	if (message.type !== type) return
	web.off('message', on)
	resolve(message)
}))
await nextMessage('listening')
const memory = async () => {
	const reply = nextMessage('memory')
	web.send({ type: 'memory' })
	return reply
}

type Stream = { received: Map<string, number>; waiters: Map<string, () => void>; connected: Promise<void>; isClosed: () => boolean; close: () => void }

function openStream(userId: string): Stream {
	const abort = new AbortController()
	const received = new Map<string, number>()
	const waiters = new Map<string, () => void>()
	let closed = false
	let markConnected = () => {}
	const connected = new Promise<void>((resolve) => (markConnected = resolve))
	void (async () => {
		try {
			const response = await fetch(`http://127.0.0.1:${WEB_PORT}/stream?userId=${userId}&organizationId=${organizationId}`, { signal: abort.signal })
			const decoder = new TextDecoder()
			let buffer = ''
			const reader = response.body!.getReader()
			for (;;) {
				const { value: chunk, done } = await reader.read()
				if (done) break
				const arrivedAt = performance.now()
				buffer += decoder.decode(chunk, { stream: true })
				let end: number
				while ((end = buffer.indexOf('\n\n')) >= 0) {
					const block = buffer.slice(0, end)
					buffer = buffer.slice(end + 2)
					const data = block.split('\n').find((line) => line.startsWith('data: '))
					if (!data) continue
					const message = JSON.parse(data.slice(6)) as { type: string; data: { title?: string } }
					if (message.type === 'connected') markConnected()
					else if (message.data.title) {
						received.set(message.data.title, arrivedAt)
						waiters.get(message.data.title)?.()
					}
				}
			}
		} catch {
			// aborted at the end
		}
		closed = true
	})()
	return { received, waiters, connected, isClosed: () => closed, close: () => abort.abort() }
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

// 1. Latency, one stream.
const first = openStream(user.id)
await first.connected
const latencies: number[] = []
for (let index = 0; index < EVENTS + 5; index++) {
	const title = `Event ${index}`
	const started = performance.now()
	await withTenant(organizationId, (tx) => writeNotification(tx, { ownerId: user.id, type: 'new_document', title, message: 'Benchmark', link: '/records' }))
	await arrival(first, title)
	if (index >= 5) latencies.push(first.received.get(title)! - started)
}
const median = percentile(latencies, 50)
console.log(
	`latency, write in this process to SSE arrival from the web process (${EVENTS} events after 5 warm-up): median ${median.toFixed(1)} ms   p95 ${percentile(latencies, 95).toFixed(1)} ms   max ${Math.max(...latencies).toFixed(1)} ms   (target median < ${TARGET_MEDIAN_MS} ms: ${median < TARGET_MEDIAN_MS ? 'met' : 'NOT met'})`,
)
first.close()
await new Promise((resolve) => setTimeout(resolve, 500))

// 2. Load: CONNECTIONS streams on the one web process.
const before = await memory()
const streams: Stream[] = []
const openStarted = performance.now()
for (let index = 0; index < userIds.length; index += 100) {
	const batch = userIds.slice(index, index + 100).map(openStream)
	streams.push(...batch)
	await Promise.all(batch.map((stream) => stream.connected))
}
const openMs = performance.now() - openStarted
const after = await memory()
const perConnectionRss = (after.rss! - before.rss!) / streams.length
const perConnectionHeap = (after.heapUsed! - before.heapUsed!) / streams.length
console.log(
	`${streams.length} streams open in ${(openMs / 1000).toFixed(1)} s; web process ${(before.rss! / 1e6).toFixed(0)} MB -> ${(after.rss! / 1e6).toFixed(0)} MB resident: ${(perConnectionRss / 1024).toFixed(1)} KB per connection (heap ${(perConnectionHeap / 1024).toFixed(1)} KB); the hub holds ${after.streams} streams`,
)
const title = 'Maintenance tonight'
const sentAt = performance.now()
const sent = await sendSystemNotification({ organizationId, title, message: 'Carebook is down 2-3 AM.' })
const committedMs = performance.now() - sentAt
const results = await Promise.allSettled(streams.map((stream) => arrival(stream, title, 60_000)))
const delivered = streams.filter((stream) => stream.received.has(title)).map((stream) => stream.received.get(title)! - sentAt)
const dropped = streams.filter((stream) => stream.isClosed()).length
console.log(
	`system notification to ${sent.recipients} members (written and committed in ${committedMs.toFixed(0)} ms): delivered to ${delivered.length}/${streams.length} streams; delivery median ${percentile(delivered, 50).toFixed(0)} ms   p95 ${percentile(delivered, 95).toFixed(0)} ms   max ${Math.max(...delivered).toFixed(0)} ms after the send started; connections dropped: ${dropped}`,
)
const failed = results.filter((result) => result.status === 'rejected').length

for (const stream of streams) stream.close()
web.kill('SIGTERM')
await closeDb()
await server.stop()
process.exit(median < TARGET_MEDIAN_MS && failed === 0 && dropped === 0 ? 0 : 1)
