/**
 * The live notification stream over real HTTP (the web process as
 * `npm run dev` builds it): when the browser goes away the stream ends on the
 * server (its timer and its place in the hub released), also after a garbage
 * collection. Remix hands the loader `request.signal`, which undici derives
 * from the adapter's signal through a weak reference: once the intermediate
 * Request objects are collected the abort never arrives (nodejs/node#55428),
 * and every closed tab's stream stayed in the process for good (bench:notify:
 * 1,000 closed streams kept 24 MB of heap).
 */
import http from 'node:http'
import { randomUUID } from 'node:crypto'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { createSession, registerPatient, SESSION_COOKIE } from '#server/auth/index.ts'
import { loggedLines, useHttpApp } from '#tests/support/http-app.ts'
import { useTestDatabase } from './test-database.ts'

// The development build (a Vite loader function); its own HMR port, away from other servers.
process.env.NODE_ENV = 'development'
process.env.HMR_PORT = String(Number(process.env.TEST_PG_PORT ?? 54349) - 9_998)
process.env.DATA_DIR = `tests/.tmp/data-notification-stream-${randomUUID()}`
useTestDatabase()

const app = useHttpApp({ logLevel: 'debug' })

setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

/** An EventSource-like connection: resolves once the stream said 'connected'; `close` drops the socket as a closing tab does. */
function openStream(cookie: string) {
	return new Promise<{ close: () => void }>((resolve, reject) => {
		const request = http.get(`${app.base}/api/notifications/stream`, { headers: { Accept: 'text/event-stream', Cookie: cookie } }, (response) => {
			expect(response.statusCode).toBe(200)
			response.setEncoding('utf8')
			let text = ''
			response.on('data', (chunk: string) => {
				text += chunk
				if (text.includes('"type":"connected"')) resolve({ close: () => request.destroy() })
			})
		})
		request.on('error', reject)
	})
}

const closedStreams = () => loggedLines(app.written).filter((line) => line.event === 'notifications.stream_closed').length

describe('the notification stream over HTTP', () => {
	it('ends on the server when the browser goes away, also after a garbage collection', async () => {
		const { user, organization } = await registerPatient({ name: 'Stream Patient', email: `stream-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
		const session = await createSession({ userId: user.id, kind: 'patient', organizationId: organization.id })
		const cookie = `${SESSION_COOKIE.patient}=${session.token}`

		const first = await openStream(cookie)
		first.close()
		await expect.poll(closedStreams, { timeout: 5_000 }).toBe(1)

		const second = await openStream(cookie)
		// The request objects the loader no longer holds are collected, as they are in a running server sooner or later.
		for (let round = 0; round < 3; round++) {
			collectGarbage()
			await new Promise((resolve) => setTimeout(resolve, 20))
		}
		second.close()
		await expect.poll(closedStreams, { timeout: 5_000 }).toBe(2)
	})
})
