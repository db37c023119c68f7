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
import { createSession, invalidateOtherSessions, invalidateSession, invalidateUserSessions, registerPatient, SESSION_COOKIE } from '#server/auth/index.ts'
import { sessionIdFromToken } from '#server/auth/session-token.ts'
import { MAX_STREAMS_PER_USER } from '#server/notifications/hub.ts'
import { NOTIFICATION_MESSAGES } from '#server/notifications/shared/messages.ts'
import { writeNotification } from '#server/notifications/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
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

/**
 * An EventSource-like connection: resolves once the stream said 'connected';
 * `close` drops the socket as a closing tab does; `ended` resolves when the
 * server ends the answer.
 */
function openStream(cookie: string) {
	return new Promise<{ close: () => void; ended: Promise<void>; text: () => string }>((resolve, reject) => {
		const request = http.get(`${app.base}/api/notifications/stream`, { headers: { Accept: 'text/event-stream', Cookie: cookie } }, (response) => {
			if (response.statusCode !== 200) {
				response.resume()
				return reject(new Error(`status ${response.statusCode}`))
			}
			response.setEncoding('utf8')
			let text = ''
			const ended = new Promise<void>((done) => response.on('end', () => done()))
			response.on('data', (chunk: string) => {
				text += chunk
				if (text.includes('"type":"connected"')) resolve({ close: () => request.destroy(), ended, text: () => text })
			})
		})
		request.on('error', reject)
	})
}

/** One stream request's status and body, for a refused one. */
function refusedStream(cookie: string) {
	return new Promise<{ status: number; retryAfter: string | undefined; body: string }>((resolve, reject) => {
		const request = http.get(`${app.base}/api/notifications/stream`, { headers: { Accept: 'text/event-stream', Cookie: cookie } }, (response) => {
			let body = ''
			response.setEncoding('utf8')
			response.on('data', (chunk: string) => (body += chunk))
			response.on('end', () => resolve({ status: response.statusCode!, retryAfter: response.headers['retry-after'], body }))
			if (response.statusCode === 200) request.destroy()
		})
		request.on('error', reject)
	})
}

async function signedInPatient() {
	const { user, organization } = await registerPatient({ name: 'Stream Patient', email: `stream-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
	const session = await createSession({ userId: user.id, kind: 'patient', organizationId: organization.id })
	return { userId: user.id, organizationId: organization.id, token: session.token, cookie: `${SESSION_COOKIE.patient}=${session.token}` }
}

/** Resolves true if `promise` settles within `ms`. */
async function settlesWithin(promise: Promise<unknown>, ms: number) {
	return Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))])
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

	it('ends the stream when its session ends: sign-out, another session changing the password, deactivation; nothing is delivered after', async () => {
		const patient = await signedInPatient()
		const stream = await openStream(patient.cookie)
		await invalidateSession(patient.token)
		expect(await settlesWithin(stream.ended, 3_000)).toBe(true)
		await withTenant(patient.organizationId, (tx) =>
			writeNotification(tx, { ownerId: patient.userId, type: 'info', title: 'After sign-out', message: 'Should not arrive.', link: '/records' }),
		)
		await new Promise((resolve) => setTimeout(resolve, 300))
		expect(stream.text()).not.toContain('After sign-out')

		// a password change from another session ends this one's stream; the changing session's own stream stays
		const other = await signedInPatient()
		const changer = await createSession({ userId: other.userId, kind: 'patient', organizationId: other.organizationId })
		const changerCookie = `${SESSION_COOKIE.patient}=${changer.token}`
		const ending = await openStream(other.cookie)
		const staying = await openStream(changerCookie)
		await invalidateOtherSessions(other.userId, sessionIdFromToken(changer.token))
		expect(await settlesWithin(ending.ended, 3_000)).toBe(true)
		expect(await settlesWithin(staying.ended, 500)).toBe(false)

		// deactivation (and a password reset) end every session of the user
		await invalidateUserSessions(other.userId)
		expect(await settlesWithin(staying.ended, 3_000)).toBe(true)
	})

	it(`refuses a user's stream past ${MAX_STREAMS_PER_USER} with 429 at once, and takes one again when a stream closes`, async () => {
		const patient = await signedInPatient()
		const streams = []
		for (let index = 0; index < MAX_STREAMS_PER_USER; index++) streams.push(await openStream(patient.cookie))
		const refused = await refusedStream(patient.cookie)
		expect(refused.status).toBe(429)
		expect(refused.retryAfter).toBe('30')
		expect(JSON.parse(refused.body)).toEqual({ error: 'too-many-streams', message: NOTIFICATION_MESSAGES.tooManyStreams })
		streams.pop()!.close()
		await expect
			.poll(
				async () => {
					const answer = await openStream(patient.cookie).then(
						(stream) => (streams.push(stream), 200),
						() => 0,
					)
					return answer
				},
				{ timeout: 5_000 },
			)
			.toBe(200)
		for (const stream of streams) stream.close()
	})
})
