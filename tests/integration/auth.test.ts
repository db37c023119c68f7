import { randomUUID } from 'node:crypto'
import { decodeBase32IgnorePadding } from '@oslojs/encoding'
import { generateHOTP } from '@oslojs/otp'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { auditLog, organizations, rateLimitEvents, sessions, twoFactorCredentials, users } from '#db/schema/platform.ts'
import {
	authenticate,
	beginTwoFactorSetup,
	confirmTwoFactorSetup,
	countMembersWithoutTwoFactor,
	createSession,
	hashPassword,
	invalidateSession,
	invalidateUserSessions,
	registerPatient,
	sessionIdFromToken,
	validateSessionToken,
} from '#server/auth/index.ts'
import { AUTH_MESSAGES } from '#server/auth/shared/messages.ts'
import { useTestDatabase } from './test-database.ts'

// Small limits for this file (read lazily by the auth domain).
process.env.LOGIN_ACCOUNT_MAX_FAILURES = '3'
process.env.LOGIN_LOCK_MINUTES = '15'
process.env.LOGIN_IP_MAX_FAILURES = '6'
process.env.LOGIN_IP_WINDOW_MINUTES = '15'
process.env.SESSION_IDLE_MINUTES = '60'

useTestDatabase()

const PASSWORD = 'Correct-horse-9'

async function patient() {
	const email = `p-${randomUUID()}@example.test`
	const { user, organization } = await registerPatient({ name: 'Pat Ient', email, password: PASSWORD })
	return { id: user.id, email, organizationId: organization.id }
}

async function admin(role: 'admin' | 'superadmin', email = `admin-${randomUUID()}@example.test`) {
	const [row] = await getDb()
		.insert(users)
		.values({ name: 'Ad Min', email, passwordHash: await hashPassword(PASSWORD), role })
		.returning({ id: users.id })
	return { id: row!.id, email }
}

/** Each test signs in from an address of its own, so the per-address limit is per test. */
function address() {
	return `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
}

describe('authenticate', () => {
	it('signs a patient in, opens a patient session for their organization and audits it', async () => {
		const user = await patient()
		const result = await authenticate({ email: user.email.toUpperCase(), password: PASSWORD, portal: 'patient', ipAddress: address() })
		expect(result).toMatchObject({ ok: true, step: 'signed-in' })
		if (!result.ok || result.step !== 'signed-in') return
		const session = await validateSessionToken(result.token, 'patient')
		expect(session).toMatchObject({ kind: 'patient', organizationId: user.organizationId, user: { id: user.id, role: 'patient' } })
		const [stored] = await getDb().select().from(sessions).where(eq(sessions.userId, user.id))
		expect(stored!.id).toBe(sessionIdFromToken(result.token))
		expect(stored!.id).not.toContain(result.token)
		const audits = await getDb().select().from(auditLog).where(eq(auditLog.actorUserId, user.id))
		expect(audits.map((entry) => entry.action)).toContain('auth.login')
	})

	it('takes the role from the database, not from the address', async () => {
		const user = await patient()
		await getDb()
			.update(users)
			.set({ email: `admin-${randomUUID()}@carebook.test` })
			.where(eq(users.id, user.id))
		const [row] = await getDb().select().from(users).where(eq(users.id, user.id))
		expect(await authenticate({ email: row!.email, password: PASSWORD, portal: 'admin', ipAddress: address() })).toMatchObject({
			ok: false,
			kind: 'unauthenticated',
		})
		const staff = await admin('admin', `plain-${randomUUID()}@example.test`)
		expect((await authenticate({ email: staff.email, password: PASSWORD, portal: 'admin', ipAddress: address() })).ok).toBe(true)
		expect(await authenticate({ email: staff.email, password: PASSWORD, portal: 'patient', ipAddress: address() })).toMatchObject({
			ok: false,
			kind: 'unauthenticated',
		})
	})

	it('locks an account after repeated wrong passwords, even against the right one (423)', async () => {
		const user = await patient()
		const ip = address()
		for (let attempt = 0; attempt < 3; attempt++) {
			expect(await authenticate({ email: user.email, password: 'wrong', portal: 'patient', ipAddress: ip })).toMatchObject({
				ok: false,
				kind: 'unauthenticated',
			})
		}
		expect(await authenticate({ email: user.email, password: PASSWORD, portal: 'patient', ipAddress: ip })).toMatchObject({ ok: false, kind: 'locked' })

		// Once the lock has passed (LOGIN_LOCK_MINUTES), the right password works again.
		await getDb()
			.update(rateLimitEvents)
			.set({ createdAt: new Date(Date.now() - 16 * 60_000) })
		expect((await authenticate({ email: user.email, password: PASSWORD, portal: 'patient', ipAddress: ip })).ok).toBe(true)
	})

	it('answers 429 to an address with too many failures in the window, before checking anything', async () => {
		const ip = address()
		for (let attempt = 0; attempt < 6; attempt++) {
			const result = await authenticate({ email: `nobody-${attempt}@example.test`, password: 'x', portal: 'patient', ipAddress: ip })
			expect(result).toMatchObject({ ok: false, kind: 'unauthenticated' })
		}
		const user = await patient()
		expect(await authenticate({ email: user.email, password: PASSWORD, portal: 'patient', ipAddress: ip })).toMatchObject({ ok: false, kind: 'rate-limited' })
		expect((await authenticate({ email: user.email, password: PASSWORD, portal: 'patient', ipAddress: address() })).ok).toBe(true)
	})
})

describe('sessions', () => {
	it('refuses a patient token at the admin portal and an admin token at the patient portal', async () => {
		const user = await patient()
		const staff = await admin('superadmin')
		const patientSession = await createSession({ userId: user.id, kind: 'patient', organizationId: user.organizationId })
		const adminSession = await createSession({ userId: staff.id, kind: 'admin', organizationId: null })
		expect(await validateSessionToken(patientSession.token, 'admin')).toBeNull()
		expect(await validateSessionToken(adminSession.token, 'patient')).toBeNull()
		expect(await validateSessionToken(adminSession.token, 'admin')).not.toBeNull()
	})

	it('slides the expiry forward when used in the second half of the window, and drops expired ones', async () => {
		const user = await patient()
		const { token } = await createSession({ userId: user.id, kind: 'patient', organizationId: user.organizationId })
		const id = sessionIdFromToken(token)
		await getDb()
			.update(sessions)
			.set({ expiresAt: new Date(Date.now() + 10 * 60_000) })
			.where(eq(sessions.id, id))
		const renewed = await validateSessionToken(token, 'patient')
		expect(renewed!.isRenewed).toBe(true)
		expect(renewed!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000)

		await getDb()
			.update(sessions)
			.set({ expiresAt: new Date(Date.now() - 1000) })
			.where(eq(sessions.id, id))
		expect(await validateSessionToken(token, 'patient')).toBeNull()
		expect(await getDb().select().from(sessions).where(eq(sessions.id, id))).toEqual([])
	})

	it('sign-out deletes the row; signing out everywhere deletes all of them', async () => {
		const user = await patient()
		const first = await createSession({ userId: user.id, kind: 'patient', organizationId: user.organizationId })
		const second = await createSession({ userId: user.id, kind: 'patient', organizationId: user.organizationId })
		await invalidateSession(first.token)
		expect(await validateSessionToken(first.token, 'patient')).toBeNull()
		expect(await validateSessionToken(second.token, 'patient')).not.toBeNull()
		await invalidateUserSessions(user.id)
		expect(await validateSessionToken(second.token, 'patient')).toBeNull()
	})

	it('ends the sessions of a deactivated user', async () => {
		const user = await patient()
		const { token } = await createSession({ userId: user.id, kind: 'patient', organizationId: user.organizationId })
		await getDb().update(users).set({ status: 'inactive' }).where(eq(users.id, user.id))
		expect(await validateSessionToken(token, 'patient')).toBeNull()
	})
})

describe("an organization's security settings (admin portal)", () => {
	const NOW = Date.UTC(2026, 10, 25, 9, 0, 0)

	async function requireTwoFactor(organizationId: string, sessionLifetimeMinutes: number | null = null) {
		await getDb().update(organizations).set({ requireTwoFactor: true, sessionLifetimeMinutes }).where(eq(organizations.id, organizationId))
	}

	it('refuses a member without a second factor when the organization requires one, with the reason, counting no guess; a member with one gets the code step', async () => {
		const user = await patient()
		await requireTwoFactor(user.organizationId)
		expect(await countMembersWithoutTwoFactor(user.organizationId)).toBe(1)
		const refused = await authenticate({ email: user.email, password: PASSWORD, portal: 'patient', ipAddress: address() })
		expect(refused).toMatchObject({ ok: false, kind: 'forbidden', code: 'two-factor-required', message: AUTH_MESSAGES.twoFactorRequired })
		expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([])
		// a wrong password still answers only 'wrong credentials'
		expect(await authenticate({ email: user.email, password: 'Wrong-horse-9', portal: 'patient', ipAddress: address() })).toMatchObject({
			ok: false,
			code: 'bad-credentials',
		})

		const actor = { userId: user.id, organizationId: user.organizationId }
		expect(await beginTwoFactorSetup(actor)).toEqual({ ok: true })
		const [credential] = await getDb().select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, user.id))
		expect(
			await confirmTwoFactorSetup(actor, generateHOTP(decodeBase32IgnorePadding(credential!.secret), BigInt(Math.floor(NOW / 30_000)), 6), NOW),
		).toMatchObject({ ok: true })
		expect(await countMembersWithoutTwoFactor(user.organizationId)).toBe(0)
		expect(await authenticate({ email: user.email, password: PASSWORD, portal: 'patient', ipAddress: address() })).toMatchObject({
			ok: true,
			step: 'two-factor',
		})
	})

	it("ends a member's session at the organization's session lifetime when it is shorter than the platform's, and never renews past it", async () => {
		const user = await patient()
		await getDb().update(organizations).set({ sessionLifetimeMinutes: 30 }).where(eq(organizations.id, user.organizationId))
		const young = await createSession({ userId: user.id, kind: 'patient', organizationId: user.organizationId })
		await getDb()
			.update(sessions)
			.set({ createdAt: new Date(Date.now() - 10 * 60_000), expiresAt: new Date(Date.now() + 60_000) })
			.where(eq(sessions.id, sessionIdFromToken(young.token)))
		const renewed = await validateSessionToken(young.token, 'patient')
		expect(renewed?.isRenewed).toBe(true)
		// renewed to sign-in plus 30 minutes, not a full 60-minute idle window
		expect(Math.abs(renewed!.expiresAt.getTime() - (Date.now() + 20 * 60_000))).toBeLessThan(5_000)

		const old = await createSession({ userId: user.id, kind: 'patient', organizationId: user.organizationId })
		await getDb()
			.update(sessions)
			.set({ createdAt: new Date(Date.now() - 31 * 60_000) })
			.where(eq(sessions.id, sessionIdFromToken(old.token)))
		expect(await validateSessionToken(old.token, 'patient')).toBeNull()
		expect(
			await getDb()
				.select()
				.from(sessions)
				.where(eq(sessions.id, sessionIdFromToken(old.token))),
		).toEqual([])

		// without a lifetime of its own, the platform's 12 hours apply
		await getDb().update(organizations).set({ sessionLifetimeMinutes: null }).where(eq(organizations.id, user.organizationId))
		const platform = await createSession({ userId: user.id, kind: 'patient', organizationId: user.organizationId })
		await getDb()
			.update(sessions)
			.set({ createdAt: new Date(Date.now() - 31 * 60_000) })
			.where(eq(sessions.id, sessionIdFromToken(platform.token)))
		expect(await validateSessionToken(platform.token, 'patient')).not.toBeNull()
	})
})
