/**
 * Every dynamic answer of the web process says `Cache-Control: no-store`
 * (issue 41, finding 7): tRPC, the REST API and Remix's `.data` answers
 * hold health data, and a browser or a proxy must not keep them. A route's
 * own value stays as it is, once (never doubled), and static files keep
 * their caching.
 */
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createApiKey } from '#server/api/index.ts'
import { createSession, SESSION_COOKIE } from '#server/auth/index.ts'
import { patientWithSubscription } from '#tests/support/billing-fixture.ts'
import { useHttpApp } from '#tests/support/http-app.ts'
import { useTestDatabase } from './test-database.ts'

process.env.NODE_ENV = 'development'
process.env.HMR_PORT = String(Number(process.env.TEST_PG_PORT ?? 54349) - 9_980)
process.env.DATA_DIR = `tests/.tmp/data-cache-control-${randomUUID()}`
useTestDatabase()

const app = useHttpApp({ logLevel: 'info' })

async function signedInPatient() {
	const patient = await patientWithSubscription({ plan: 'professional', status: 'active' })
	const session = await createSession({ userId: patient.userId, kind: 'patient', organizationId: patient.organizationId })
	return { patient, cookie: `${SESSION_COOKIE.patient}=${session.token}` }
}

describe('Cache-Control on dynamic answers', () => {
	it('is no-store on tRPC, REST API and Remix data answers', async () => {
		const { patient, cookie } = await signedInPatient()
		const created = await createApiKey(patient, 'Cache test')
		if (!created.ok) throw new Error(created.message)

		const trpc = await fetch(`${app.base}/api/trpc/notifications.overview?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`, {
			headers: { Cookie: cookie },
		})
		expect(trpc.status).toBe(200)
		expect(trpc.headers.get('cache-control')).toBe('no-store')

		const rest = await fetch(`${app.base}/api/v1/documents`, { headers: { Authorization: `Bearer ${created.key}` } })
		expect(rest.status).toBe(200)
		expect(rest.headers.get('cache-control')).toBe('no-store')

		const data = await fetch(`${app.base}/records.data`, { headers: { Cookie: cookie } })
		expect(data.status).toBe(200)
		expect(data.headers.get('cache-control')).toBe('no-store')

		const trends = await fetch(`${app.base}/trends.data`, { headers: { Cookie: cookie } })
		expect(trends.headers.get('cache-control')).toBe('no-store')
	})

	it('is no-store on refusals too, and a route that sets its own value keeps it once', async () => {
		const refused = await fetch(`${app.base}/api/v1/documents`)
		expect(refused.status).toBe(401)
		expect(refused.headers.get('cache-control')).toBe('no-store')

		const page = await fetch(`${app.base}/login`)
		expect(page.headers.get('cache-control')).toBe('no-store')

		const openApi = await fetch(`${app.base}/api/v1/openapi.json`)
		expect(openApi.headers.get('cache-control')).toBe('public, max-age=300')
	})
})
