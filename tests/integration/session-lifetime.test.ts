import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { sessions } from '#db/schema/platform.ts'
import { createSession, registerPatient, requirePatient, sessionIdFromToken, validateSessionToken } from '#server/auth/index.ts'
import { useTestDatabase } from './test-database.ts'

// Read lazily by the auth domain.
process.env.SESSION_IDLE_MINUTES = '60'
process.env.SESSION_ABSOLUTE_HOURS = '12'

useTestDatabase()

const HOUR = 3_600_000

async function patientSession() {
	const { user, organization } = await registerPatient({
		name: 'Pat Ient',
		email: `p-${randomUUID()}@example.test`,
		password: 'Correct-horse-9',
	})
	const { token } = await createSession({ userId: user.id, kind: 'patient', organizationId: organization.id })
	return { token, id: sessionIdFromToken(token) }
}

async function backdate(id: string, times: { createdAgoMs: number; expiresInMs: number }) {
	await getDb()
		.update(sessions)
		.set({ createdAt: new Date(Date.now() - times.createdAgoMs), expiresAt: new Date(Date.now() + times.expiresInMs) })
		.where(eq(sessions.id, id))
}

describe('absolute session lifetime', () => {
	it('ends a session 12 hours after sign-in even when it was used a minute ago, and deletes it', async () => {
		const { token, id } = await patientSession()
		// Signed in 13 hours ago, used a minute ago: the idle window still has 59 minutes.
		await backdate(id, { createdAgoMs: 13 * HOUR, expiresInMs: 59 * 60_000 })
		expect(await validateSessionToken(token, 'patient')).toBeNull()
		expect(await getDb().select().from(sessions).where(eq(sessions.id, id))).toEqual([])
	})

	it('treats a request with such a session as signed out', async () => {
		const { token, id } = await patientSession()
		await backdate(id, { createdAgoMs: 13 * HOUR, expiresInMs: 59 * 60_000 })
		const request = new Request('http://localhost/records', { headers: { cookie: `carebook_session=${token}` } })
		const thrown = await requirePatient(request).catch((error: unknown) => error)
		expect(thrown).toBeInstanceOf(Response)
		const response = thrown as Response
		expect(response.status).toBe(302)
		expect(response.headers.get('location')).toBe('/login?redirectTo=%2Frecords')
		expect(response.headers.get('set-cookie')).toMatch(/^carebook_session=; .*Max-Age=0/)
	})

	it('never renews a session past sign-in plus the absolute lifetime', async () => {
		const { token, id } = await patientSession()
		const created = Date.now() - 11.5 * HOUR
		await backdate(id, { createdAgoMs: 11.5 * HOUR, expiresInMs: 10 * 60_000 })
		const renewed = await validateSessionToken(token, 'patient')
		expect(renewed).not.toBeNull()
		// A full idle window would reach now + 60 min; the absolute end is now + 30 min.
		const absoluteEnd = created + 12 * HOUR
		expect(Math.abs(renewed!.expiresAt.getTime() - absoluteEnd)).toBeLessThan(5_000)
		const [stored] = await getDb().select().from(sessions).where(eq(sessions.id, id))
		expect(Math.abs(stored!.expiresAt.getTime() - absoluteEnd)).toBeLessThan(5_000)
	})

	it('still slides a young session by the full idle window', async () => {
		const { token, id } = await patientSession()
		await backdate(id, { createdAgoMs: 2 * HOUR, expiresInMs: 10 * 60_000 })
		const renewed = await validateSessionToken(token, 'patient')
		expect(renewed!.isRenewed).toBe(true)
		expect(renewed!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000)
	})
})

describe('session cookie names at the guard', () => {
	it('over https, signs in with the __Host- cookie only and clears that one', async () => {
		const { token } = await patientSession()
		const withCookie = (cookie: string) => new Request('https://carebook.example/records', { headers: { cookie } })
		const session = await requirePatient(withCookie(`__Host-carebook_session=${token}`))
		expect(session.user.role).toBe('patient')

		const thrown = (await requirePatient(withCookie(`carebook_session=${token}`)).catch((error: unknown) => error)) as Response
		expect(thrown.status).toBe(302)
		expect(thrown.headers.get('set-cookie')).toBe('__Host-carebook_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure')
	})

	it('over http, signs in with the plain cookie name', async () => {
		const { token } = await patientSession()
		const request = new Request('http://localhost:3000/records', { headers: { cookie: `carebook_session=${token}` } })
		expect((await requirePatient(request)).user.role).toBe('patient')
	})
})
