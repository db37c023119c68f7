/**
 * Client errors over real HTTP (the web process as `npm run dev` builds it)
 * answer 4xx, never 500: a malformed percent-encoding in the path is a 400,
 * a 36-character export id that is no UUID is the not-found page (404), not
 * PostgreSQL's 22P02 as a server error.
 */
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createSession, registerPatient, SESSION_COOKIE } from '#server/auth/index.ts'
import { useHttpApp } from '#tests/support/http-app.ts'
import { useTestDatabase } from './test-database.ts'

// The development build (a Vite loader function); its own HMR port, away from other servers.
process.env.NODE_ENV = 'development'
process.env.HMR_PORT = String(Number(process.env.TEST_PG_PORT ?? 54349) - 9_990)
process.env.DATA_DIR = `tests/.tmp/data-client-errors-${randomUUID()}`
useTestDatabase()

const app = useHttpApp({ logLevel: 'info' })

describe('client errors over HTTP', () => {
	it('answers 400 to a malformed percent-encoding in the path', async () => {
		for (const path of ['/foo%ZZ', '/records/%E0%A4%A', '/settings/%']) {
			const response = await fetch(`${app.base}${path}`, { redirect: 'manual' })
			expect(response.status, path).toBe(400)
			expect(await response.text()).toBe('Bad request.')
		}
	})

	it('answers 404 to an export id of 36 characters that is no UUID', async () => {
		const { user, organization } = await registerPatient({ name: 'Export Patient', email: `export-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
		const session = await createSession({ userId: user.id, kind: 'patient', organizationId: organization.id })
		const cookie = `${SESSION_COOKIE.patient}=${session.token}`
		const response = await fetch(`${app.base}/settings/exports/${'-'.repeat(36)}`, { headers: { Cookie: cookie }, redirect: 'manual' })
		expect(response.status).toBe(404)
		const other = await fetch(`${app.base}/settings/exports/${'a'.repeat(36)}`, { headers: { Cookie: cookie }, redirect: 'manual' })
		expect(other.status).toBe(404)
	})
})
