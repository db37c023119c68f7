import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getDb } from '#db/client.ts'
import { organizations, twoFactorCredentials, users } from '#db/schema/platform.ts'
import { setOrganizationStatus, updateOrganizationSecurity, type AdminActor } from '#server/admin/index.ts'
import { createApiKey, handleApiRequest } from '#server/api/index.ts'
import { API_MESSAGES } from '#server/api/rest/handle-request.ts'
import { createCalendarFeed, readCalendarFeed } from '#server/appointments/index.ts'
import { authenticate, createSession, getSession, hashPassword, SESSION_COOKIE, type Patient } from '#server/auth/index.ts'
import { AUTH_MESSAGES } from '#server/auth/shared/messages.ts'
import { createShareLink, openSharedRecords, type ShareVisitor } from '#server/sharing/index.ts'
import { ShareLinkSchema } from '#server/sharing/shared/share-form-schema.ts'
import { patientWithSubscription, storedDocumentOfSize } from '#tests/support/billing-fixture.ts'
import { useTestDatabase } from './test-database.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-${randomUUID()}`)
useTestDatabase()
afterEach(() => vi.unstubAllEnvs())

const ORIGIN = 'http://localhost:3000'
const VISITOR: ShareVisitor = { ipAddress: '203.0.113.77', userAgent: null, grantedShareIds: [] }
const UNKNOWN_SHARE_TOKEN = 'a'.repeat(52)

function apiCall(key: string, apiPath = '/documents') {
	return handleApiRequest(new Request(`${ORIGIN}/api/v1${apiPath}`, { headers: { authorization: `Bearer ${key}` } }))
}

function sessionRequest(token: string) {
	return new Request(`${ORIGIN}/records`, { headers: { cookie: `${SESSION_COOKIE.patient}=${token}` } })
}

async function superadmin(): Promise<AdminActor> {
	const email = `superadmin-${randomUUID()}@example.test`
	const [row] = await getDb()
		.insert(users)
		.values({ name: 'The superadmin', email, passwordHash: await hashPassword('Correct-horse-9'), role: 'superadmin' })
		.returning({ id: users.id })
	return { userId: row!.id, role: 'superadmin', ipAddress: '203.0.113.7', name: 'The superadmin', email }
}

/** An active organization on Professional (API access) with its patient, an API key, a share link, a calendar feed and a session. */
async function organizationWithEverything() {
	const patient: Patient = await patientWithSubscription({ plan: 'professional', status: 'active' })
	await getDb().update(organizations).set({ status: 'active' }).where(eq(organizations.id, patient.organizationId))
	const key = await createApiKey(patient, 'Entry points')
	if (!key.ok) throw new Error(key.message)
	const documentId = await storedDocumentOfSize(patient, 1_000)
	const share = await createShareLink(patient, ShareLinkSchema.parse({ documentIds: [documentId] }), new Request(`${ORIGIN}/share-records`))
	if (!share.ok) throw new Error(share.message)
	const feed = await createCalendarFeed(patient)
	const session = await createSession({ userId: patient.userId, kind: 'patient', organizationId: patient.organizationId })
	return { patient, key: key.key, shareToken: share.url.split('/').pop()!, feedToken: feed.token, sessionToken: session.token }
}

describe('a deactivated organization', () => {
	it('its API keys, share links, calendar feed and sessions answer as revoked or unknown ones, and work again once it is activated', async () => {
		const org = await organizationWithEverything()
		expect((await apiCall(org.key)).status).toBe(200)
		expect(await openSharedRecords(org.shareToken, VISITOR)).toMatchObject({ ok: true, status: 'open' })
		expect(await readCalendarFeed(org.feedToken, {})).toContain('BEGIN:VCALENDAR')
		expect(await getSession(sessionRequest(org.sessionToken), 'patient')).not.toBeNull()

		expect(await setOrganizationStatus(await superadmin(), org.patient.organizationId, 'deactivate')).toMatchObject({ ok: true, status: 'inactive' })

		const refused = await apiCall(org.key)
		expect(refused.status).toBe(401)
		expect(await refused.json()).toEqual({ error: { code: 'unauthorized', message: API_MESSAGES.unauthorized } })
		expect(await openSharedRecords(org.shareToken, VISITOR)).toEqual(await openSharedRecords(UNKNOWN_SHARE_TOKEN, VISITOR))
		const sharedPage = await import('#app/routes/shared.$token.tsx')
		const thrown = await sharedPage
			.loader({
				request: new Request(`${ORIGIN}/shared/${org.shareToken}`),
				params: { token: org.shareToken },
				context: { requestId: 't', cspNonce: 't', clientIp: '203.0.113.77' },
			})
			.catch((error: unknown) => error)
		expect(thrown).toBeInstanceOf(Response)
		expect((thrown as Response).status).toBe(404)
		expect(await readCalendarFeed(org.feedToken, {})).toBeNull()

		// A session that outlived the deactivation (made on another machine meanwhile) is refused by the guard itself, and a download with it answers 401.
		const late = await createSession({ userId: org.patient.userId, kind: 'patient', organizationId: org.patient.organizationId })
		expect(await getSession(sessionRequest(late.token), 'patient')).toBeNull()
		const late2 = await createSession({ userId: org.patient.userId, kind: 'patient', organizationId: org.patient.organizationId })
		const fileRoute = await import('#app/routes/api.documents.$documentId.file.ts')
		const download = await fileRoute
			.loader({
				request: new Request(`${ORIGIN}/api/documents/${randomUUID()}/file`, { headers: { cookie: `${SESSION_COOKIE.patient}=${late2.token}` } }),
				params: { documentId: randomUUID() },
				context: { requestId: 't', cspNonce: 't', clientIp: '203.0.113.77' },
			})
			.catch((error: unknown) => error)
		expect((download as Response).status).toBe(401)

		expect(await setOrganizationStatus(await superadmin(), org.patient.organizationId, 'activate')).toMatchObject({ ok: true, status: 'active' })
		expect((await apiCall(org.key)).status).toBe(200)
		expect(await openSharedRecords(org.shareToken, VISITOR)).toMatchObject({ ok: true, status: 'open' })
		expect(await readCalendarFeed(org.feedToken, {})).toContain('BEGIN:VCALENDAR')
	})
})

describe('an organization that starts requiring two-factor sign-in', () => {
	it('refuses the existing sessions and API keys of members without a second factor, with the reason, until they set one up', async () => {
		const org = await organizationWithEverything()
		const admin = await superadmin()
		const [owner] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, org.patient.userId))
		expect((await apiCall(org.key)).status).toBe(200)

		expect(await updateOrganizationSecurity(admin, org.patient.organizationId, { requireTwoFactor: true, sessionLifetimeMinutes: null })).toMatchObject({
			ok: true,
		})

		expect(await getSession(sessionRequest(org.sessionToken), 'patient')).toBeNull()
		const refused = await apiCall(org.key)
		expect(refused.status).toBe(403)
		expect(await refused.json()).toEqual({ error: { code: 'forbidden', message: API_MESSAGES.twoFactorRequired } })
		// signing in again says why
		expect(await authenticate({ email: owner!.email, password: 'Correct-horse-9', portal: 'patient', ipAddress: '203.0.113.8' })).toMatchObject({
			ok: false,
			code: 'two-factor-required',
			message: AUTH_MESSAGES.twoFactorRequired,
		})

		// with a second factor set up, the key and a new session work again
		await getDb().insert(twoFactorCredentials).values({ userId: org.patient.userId, secret: 'JBSWY3DPEHPK3PXP', enabledAt: new Date() })
		expect((await apiCall(org.key)).status).toBe(200)
		const fresh = await createSession({ userId: org.patient.userId, kind: 'patient', organizationId: org.patient.organizationId })
		expect(await getSession(sessionRequest(fresh.token), 'patient')).not.toBeNull()
	})
})
