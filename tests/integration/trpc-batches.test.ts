import { randomUUID } from 'node:crypto'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createSession, registerPatient, SESSION_COOKIE } from '#server/auth/index.ts'
import * as sessions from '#server/auth/sessions.ts'
import { TRPC_MAX_BATCH_SIZE } from '#server/trpc/shared/limits.ts'
import { useTestDatabase } from './test-database.ts'

// Counts the session lookups a request makes (the real lookup still runs).
vi.mock('#server/auth/sessions.ts', async (importOriginal) => {
	const original = await importOriginal<typeof import('#server/auth/sessions.ts')>()
	return { ...original, validateSessionToken: vi.fn(original.validateSessionToken) }
})

useTestDatabase()

const CONTEXT = { requestId: 'test', cspNonce: 'test', clientIp: '203.0.113.20' }

/** A GET batch of `calls` notification overviews, as the browser's batch link sends it. */
function batchRequest(calls: number, cookie: string) {
	const paths = Array.from({ length: calls }, () => 'notifications.overview').join(',')
	const input = Object.fromEntries(Array.from({ length: calls }, (_, index) => [index, { json: { filter: 'all' } }]))
	const url = `http://localhost/api/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`
	return new Request(url, { headers: { cookie } })
}

async function send(request: Request) {
	const route = await import('#app/routes/api.trpc.$.ts')
	return route.loader({ request, params: {}, context: CONTEXT })
}

const lookups = () => vi.mocked(sessions.validateSessionToken).mock.calls.length

beforeEach(() => {
	vi.mocked(sessions.validateSessionToken).mockClear()
})

describe('tRPC batches', () => {
	it('answer a batch at the cap, looking the session up once for all its calls', async () => {
		const { user, organization } = await registerPatient({ name: 'Batch Patient', email: `batch-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
		const session = await createSession({ userId: user.id, kind: 'patient', organizationId: organization.id })
		const response = await send(batchRequest(TRPC_MAX_BATCH_SIZE, `${SESSION_COOKIE.patient}=${session.token}`))
		expect(response.status).toBe(200)
		const body = (await response.json()) as Array<{ result?: unknown; error?: unknown }>
		expect(body).toHaveLength(TRPC_MAX_BATCH_SIZE)
		expect(body.every((call) => call.result && !call.error)).toBe(true)
		expect(lookups()).toBe(1)
	})

	it('refuse a batch over the cap with 400 at once, before any session lookup or procedure', async () => {
		const { user, organization } = await registerPatient({ name: 'Batch Patient', email: `batch-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
		const session = await createSession({ userId: user.id, kind: 'patient', organizationId: organization.id })
		for (const cookie of [`${SESSION_COOKIE.patient}=${session.token}`, `${SESSION_COOKIE.patient}=${'x'.repeat(52)}`]) {
			for (const calls of [TRPC_MAX_BATCH_SIZE + 1, 880]) {
				const started = performance.now()
				const response = await send(batchRequest(calls, cookie))
				const elapsed = performance.now() - started
				expect(response.status, `${calls} calls`).toBe(400)
				const body = (await response.json()) as { error: { json: { message: string; data: { code: string } } } }
				expect(body.error.json).toMatchObject({ message: 'The request could not be handled.', data: { code: 'BAD_REQUEST' } })
				expect(elapsed).toBeLessThan(250)
			}
		}
		expect(lookups()).toBe(0)
	})
})
