/**
 * The web side of npm run bench:notify: a process that serves the live
 * stream (the same openNotificationStream the /api/notifications/stream route
 * returns, behind a loopback-only HTTP server that takes the patient from the
 * query instead of a session) and reports its memory over IPC.
 */
import http from 'node:http'
import { Readable } from 'node:stream'
import { EVENT_STREAM_HEADERS, openNotificationStream, openStreamCount } from '#server/notifications/index.ts'

const port = Number(process.env.BENCH_WEB_PORT)
const server = http.createServer(async (req, res) => {
	const url = new URL(req.url ?? '/', 'http://localhost')
	const userId = url.searchParams.get('userId')
	const organizationId = url.searchParams.get('organizationId')
	if (!userId || !organizationId) return void res.writeHead(400).end()
	const abort = new AbortController()
	res.on('close', () => abort.abort())
	const body = await openNotificationStream({ userId, organizationId }, { lastEventId: null, signal: abort.signal })
	res.writeHead(200, EVENT_STREAM_HEADERS)
	Readable.fromWeb(body as import('node:stream/web').ReadableStream).pipe(res)
})
server.maxConnections = 5_000
server.listen(port, '127.0.0.1', () => process.send?.({ type: 'listening' }))
process.on('message', (message: { type: string }) => {
	if (message.type !== 'memory') return
	globalThis.gc?.()
	const { rss, heapUsed } = process.memoryUsage()
	process.send?.({ type: 'memory', rss, heapUsed, streams: openStreamCount() })
})
