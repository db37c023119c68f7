import { randomUUID } from 'node:crypto'
import { generateHOTP } from '@oslojs/otp'
import { decodeBase32IgnorePadding } from '@oslojs/encoding'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { accountTokens, emailOutbox, sessions, twoFactorCredentials, users } from '#db/schema/platform.ts'
import {
	changePassword,
	confirmEmailChange,
	deactivateAccount,
	requestPasswordReset,
	resetPassword,
	setAccountStatus,
	updateProfile,
	getProfile,
} from '#server/account/index.ts'
import { ACCOUNT_MESSAGES } from '#server/account/shared/messages.ts'
import {
	authenticate,
	beginTwoFactorSetup,
	completeTwoFactorChallenge,
	confirmTwoFactorSetup,
	createSession,
	disableTwoFactor,
	registerPatient,
	validateSessionToken,
} from '#server/auth/index.ts'
import { sessionIdFromToken } from '#server/auth/session-token.ts'
import { getHealthProfile } from '#server/health/index.ts'
import { useTestDatabase } from './test-database.ts'

useTestDatabase()

const PASSWORD = 'Correct-horse-9'
const NEW_PASSWORD = 'Lantern-orbit-47-quiet'

function address() {
	return `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
}

async function newPatient(name = 'Sam Account') {
	const email = `account-${randomUUID()}@example.test`
	const { user, organization } = await registerPatient({ name, email, password: PASSWORD })
	return { userId: user.id, organizationId: organization.id, email }
}

async function sessionCount(userId: string) {
	return (await getDb().select().from(sessions).where(eq(sessions.userId, userId))).length
}

async function signIn(patient: { userId: string; organizationId: string }) {
	const session = await createSession({ userId: patient.userId, kind: 'patient', organizationId: patient.organizationId })
	return { ...session, id: sessionIdFromToken(session.token) }
}

/** The link a queued e-mail carries (the body holds it in the clear until delivered). */
async function lastLinkSentTo(email: string) {
	const [message] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.recipient, email)).orderBy(emailOutbox.createdAt)
	const match = message?.textBody?.match(/https?:\/\/\S+/)
	return match ? new URL(match[0]) : null
}

describe('change password', () => {
	it('needs the right current password and a password off the common list, then signs out every other session', async () => {
		const patient = await newPatient()
		const current = await signIn(patient)
		const other = await signIn(patient)
		const actor = { ...patient, sessionId: current.id }

		expect(await changePassword(actor, { currentPassword: 'wrong-one', newPassword: NEW_PASSWORD })).toMatchObject({
			ok: false,
			field: 'currentPassword',
			message: ACCOUNT_MESSAGES.wrongCurrentPassword,
		})
		expect(await changePassword(actor, { currentPassword: PASSWORD, newPassword: 'password123' })).toMatchObject({
			ok: false,
			field: 'newPassword',
			message: ACCOUNT_MESSAGES.passwordTooCommon,
		})
		expect(await sessionCount(patient.userId)).toBe(2)

		expect(await changePassword(actor, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).toEqual({ ok: true, signedOutSessions: 1 })
		expect(await validateSessionToken(current.token, 'patient')).not.toBeNull()
		expect(await validateSessionToken(other.token, 'patient')).toBeNull()
		expect((await authenticate({ email: patient.email, password: PASSWORD, portal: 'patient', ipAddress: address() })).ok).toBe(false)
		expect((await authenticate({ email: patient.email, password: NEW_PASSWORD, portal: 'patient', ipAddress: address() })).ok).toBe(true)
	})
})

describe('password reset', () => {
	it('answers the same for an unknown address and sends nothing', async () => {
		const email = `nobody-${randomUUID()}@example.test`
		expect(await requestPasswordReset({ email, ipAddress: address(), origin: 'http://localhost:3000' })).toEqual({ ok: true })
		expect(await getDb().select().from(emailOutbox).where(eq(emailOutbox.recipient, email))).toEqual([])
	})

	it('sends a single-use link that sets the password and signs out every session', async () => {
		const patient = await newPatient()
		const session = await signIn(patient)
		expect(await requestPasswordReset({ email: patient.email.toUpperCase(), ipAddress: address(), origin: 'http://localhost:3000' })).toEqual({ ok: true })
		const link = await lastLinkSentTo(patient.email)
		expect(link?.pathname).toBe('/reset-password')
		const token = link!.searchParams.get('token')!

		expect(await resetPassword({ token, newPassword: 'qwertyuiop' })).toMatchObject({ ok: false, field: 'newPassword' })
		expect(await resetPassword({ token, newPassword: NEW_PASSWORD })).toEqual({ ok: true })
		expect(await validateSessionToken(session.token, 'patient')).toBeNull()
		expect(await sessionCount(patient.userId)).toBe(0)
		expect((await authenticate({ email: patient.email, password: NEW_PASSWORD, portal: 'patient', ipAddress: address() })).ok).toBe(true)

		expect(await resetPassword({ token, newPassword: 'Another-lantern-58' })).toMatchObject({
			ok: false,
			code: 'invalid-link',
			message: ACCOUNT_MESSAGES.linkInvalid,
		})
	})

	it("lifts the account's sign-in lock from every address", async () => {
		const patient = await newPatient()
		const ip = address()
		for (let attempt = 0; attempt < 6; attempt++) await authenticate({ email: patient.email, password: `Wrong-${attempt}`, portal: 'patient', ipAddress: ip })
		expect(await authenticate({ email: patient.email, password: PASSWORD, portal: 'patient', ipAddress: ip })).toMatchObject({ ok: false, kind: 'locked' })
		expect(await requestPasswordReset({ email: patient.email, ipAddress: address(), origin: 'http://localhost:3000' })).toEqual({ ok: true })
		const token = (await lastLinkSentTo(patient.email))!.searchParams.get('token')!
		expect(await resetPassword({ token, newPassword: NEW_PASSWORD })).toEqual({ ok: true })
		expect((await authenticate({ email: patient.email, password: NEW_PASSWORD, portal: 'patient', ipAddress: ip })).ok).toBe(true)
	})

	it('refuses an expired link, and only the newest link works', async () => {
		const patient = await newPatient()
		await requestPasswordReset({ email: patient.email, ipAddress: address(), origin: 'http://localhost:3000' })
		const first = (await lastLinkSentTo(patient.email))!.searchParams.get('token')!
		await requestPasswordReset({ email: patient.email, ipAddress: address(), origin: 'http://localhost:3000' })
		const rows = await getDb().select().from(accountTokens).where(eq(accountTokens.userId, patient.userId)).orderBy(accountTokens.createdAt)
		expect(rows).toHaveLength(2)
		expect(await resetPassword({ token: first, newPassword: NEW_PASSWORD })).toMatchObject({ ok: false, code: 'invalid-link' })

		await getDb()
			.update(accountTokens)
			.set({ usedAt: null, expiresAt: new Date(Date.now() - 1000) })
			.where(eq(accountTokens.id, rows[0]!.id))
		expect(await resetPassword({ token: first, newPassword: NEW_PASSWORD })).toMatchObject({ ok: false, code: 'invalid-link' })
		expect(rows[1]!.expiresAt.getTime() - rows[1]!.createdAt.getTime()).toBe(60 * 60_000)
	})

	it('limits requests per account and per address', async () => {
		const patient = await newPatient()
		for (let i = 0; i < 3; i++) expect((await requestPasswordReset({ email: patient.email, ipAddress: address(), origin: 'http://x.test' })).ok).toBe(true)
		expect(await requestPasswordReset({ email: patient.email, ipAddress: address(), origin: 'http://x.test' })).toMatchObject({
			ok: false,
			kind: 'rate-limited',
		})

		const ip = address()
		for (let i = 0; i < 10; i++)
			expect((await requestPasswordReset({ email: `n${i}-${randomUUID()}@example.test`, ipAddress: ip, origin: 'http://x.test' })).ok).toBe(true)
		expect(await requestPasswordReset({ email: `late-${randomUUID()}@example.test`, ipAddress: ip, origin: 'http://x.test' })).toMatchObject({
			ok: false,
			kind: 'rate-limited',
		})
	})
})

describe('two-factor authentication', () => {
	const NOW = Date.UTC(2026, 10, 25, 9, 0, 0)
	const codeAt = (secret: string, now: number) => generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(now / 30_000)), 6)

	async function enable(patient: { userId: string }) {
		expect(await beginTwoFactorSetup(patient)).toEqual({ ok: true })
		const [row] = await getDb().select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, patient.userId))
		expect(await confirmTwoFactorSetup(patient, '000000', NOW)).toMatchObject({ ok: false, code: 'invalid-code' })
		const confirmed = await confirmTwoFactorSetup(patient, codeAt(row!.secret, NOW), NOW)
		if (!confirmed.ok) throw new Error('not confirmed')
		return { secret: row!.secret, recoveryCodes: confirmed.recoveryCodes }
	}

	async function challenge(patient: { email: string }) {
		const result = await authenticate({ email: patient.email, password: PASSWORD, portal: 'patient', ipAddress: address() })
		if (!result.ok || result.step !== 'two-factor') throw new Error('expected a two-factor step')
		return result.challengeToken
	}

	it('asks for a code at sign-in, accepts it once (fixed clock) and refuses a replay', async () => {
		const patient = await newPatient()
		const { secret, recoveryCodes } = await enable(patient)
		expect(recoveryCodes).toHaveLength(10)
		expect(new Set(recoveryCodes).size).toBe(10)

		const token = await challenge(patient)
		expect(await sessionCount(patient.userId)).toBe(0)
		// The code used to confirm the set-up (step NOW) is already spent.
		expect(await completeTwoFactorChallenge({ token, kind: 'patient', code: codeAt(secret, NOW), ipAddress: address(), now: NOW })).toMatchObject({
			ok: false,
			code: 'invalid-code',
		})
		const later = NOW + 30_000
		const signedIn = await completeTwoFactorChallenge({ token, kind: 'patient', code: codeAt(secret, later), ipAddress: address(), now: later })
		expect(signedIn.ok).toBe(true)
		if (!signedIn.ok) return
		expect(await validateSessionToken(signedIn.token, 'patient')).toMatchObject({ organizationId: patient.organizationId })
		// The challenge is spent, and the same code at a new challenge is a replay.
		expect(await completeTwoFactorChallenge({ token, kind: 'patient', code: codeAt(secret, later), ipAddress: address(), now: later })).toMatchObject({
			ok: false,
			code: 'expired',
		})
		const again = await challenge(patient)
		expect(await completeTwoFactorChallenge({ token: again, kind: 'patient', code: codeAt(secret, later), ipAddress: address(), now: later })).toMatchObject({
			ok: false,
			code: 'invalid-code',
		})
	})

	it('takes a recovery code once', async () => {
		const patient = await newPatient()
		const { recoveryCodes } = await enable(patient)
		const first = await challenge(patient)
		expect(
			(await completeTwoFactorChallenge({ token: first, kind: 'patient', code: recoveryCodes[0]!.toUpperCase(), ipAddress: address(), now: NOW })).ok,
		).toBe(true)
		const second = await challenge(patient)
		expect(await completeTwoFactorChallenge({ token: second, kind: 'patient', code: recoveryCodes[0]!, ipAddress: address(), now: NOW })).toMatchObject({
			ok: false,
			code: 'invalid-code',
		})
		expect((await completeTwoFactorChallenge({ token: second, kind: 'patient', code: recoveryCodes[1]!, ipAddress: address(), now: NOW })).ok).toBe(true)
	})

	it('ends a challenge after five tries and locks the code check after ten wrong codes in a row', async () => {
		const patient = await newPatient()
		const { secret } = await enable(patient)
		const token = await challenge(patient)
		for (let i = 0; i < 5; i++) {
			expect(await completeTwoFactorChallenge({ token, kind: 'patient', code: '111111', ipAddress: address(), now: NOW })).toMatchObject({
				code: 'invalid-code',
			})
		}
		expect(
			await completeTwoFactorChallenge({ token, kind: 'patient', code: codeAt(secret, NOW + 60_000), ipAddress: address(), now: NOW + 60_000 }),
		).toMatchObject({ ok: false, code: 'expired' })
		const next = await challenge(patient)
		for (let i = 0; i < 5; i++) await completeTwoFactorChallenge({ token: next, kind: 'patient', code: '222222', ipAddress: address(), now: NOW })
		const third = await challenge(patient)
		expect(
			await completeTwoFactorChallenge({ token: third, kind: 'patient', code: codeAt(secret, NOW + 60_000), ipAddress: address(), now: NOW + 60_000 }),
		).toMatchObject({ ok: false, code: 'locked' })
	})

	it('is turned off only with a code', async () => {
		const patient = await newPatient()
		const { secret } = await enable(patient)
		expect(await disableTwoFactor(patient, '123456', NOW + 30_000)).toMatchObject({ ok: false, code: 'invalid-code' })
		expect(await disableTwoFactor(patient, codeAt(secret, NOW + 30_000), NOW + 30_000)).toEqual({ ok: true })
		expect(await authenticate({ email: patient.email, password: PASSWORD, portal: 'patient', ipAddress: address() })).toMatchObject({
			ok: true,
			step: 'signed-in',
		})
	})
})

describe('deactivation', () => {
	it('disables the account, deletes every session, refuses sign-in with a clear answer; an administrator reactivates it', async () => {
		const patient = await newPatient()
		const session = await signIn(patient)
		await signIn(patient)
		await deactivateAccount({ ...patient, sessionId: session.id })
		expect(await sessionCount(patient.userId)).toBe(0)
		const [row] = await getDb().select({ status: users.status }).from(users).where(eq(users.id, patient.userId))
		expect(row!.status).toBe('inactive')
		expect(await authenticate({ email: patient.email, password: PASSWORD, portal: 'patient', ipAddress: address() })).toMatchObject({
			ok: false,
			code: 'deactivated',
			message: 'This account has been deactivated. Contact support to reactivate it.',
		})
		// A wrong password tells nothing about the account's state.
		expect(await authenticate({ email: patient.email, password: 'wrong', portal: 'patient', ipAddress: address() })).toMatchObject({
			ok: false,
			code: 'bad-credentials',
		})

		const admin = await newPatient('Admin Person')
		expect(await setAccountStatus({ userId: admin.userId }, patient.userId, 'active')).toBe(true)
		expect((await authenticate({ email: patient.email, password: PASSWORD, portal: 'patient', ipAddress: address() })).ok).toBe(true)
	})
})

describe('profile', () => {
	it('saves name, phone, time zone, date of birth and sex (the health risk profile), and changes the e-mail only through the link', async () => {
		const patient = await newPatient('Old Name')
		const input = {
			name: 'New Name',
			email: patient.email,
			phone: '+1 555 123 4567',
			timeZone: 'America/New_York',
			dateOfBirth: '1980-04-02',
			sex: 'female' as const,
		}
		expect(await updateProfile(patient, input, { origin: 'http://localhost:3000' })).toEqual({ ok: true, emailChangeRequested: false })
		expect(await getHealthProfile(patient)).toMatchObject({ dateOfBirth: '1980-04-02', sex: 'female' })
		expect(await getProfile(patient)).toMatchObject({
			name: 'New Name',
			phone: '+1 555 123 4567',
			timeZone: 'America/New_York',
			dateOfBirth: '1980-04-02',
			sex: 'female',
			pendingEmail: null,
		})

		const other = await newPatient()
		expect(await updateProfile(patient, { ...input, email: other.email, currentPassword: PASSWORD }, { origin: 'http://localhost:3000' })).toMatchObject({
			ok: false,
			field: 'email',
			message: ACCOUNT_MESSAGES.emailTaken,
		})
		const newEmail = `moved-${randomUUID()}@example.test`
		expect(await updateProfile(patient, { ...input, email: newEmail }, { origin: 'http://localhost:3000' })).toMatchObject({
			ok: false,
			field: 'currentPassword',
		})
		expect(await updateProfile(patient, { ...input, email: newEmail, currentPassword: 'wrong' }, { origin: 'http://localhost:3000' })).toMatchObject({
			ok: false,
			field: 'currentPassword',
		})
		expect(await updateProfile(patient, { ...input, email: newEmail, currentPassword: PASSWORD }, { origin: 'http://localhost:3000' })).toEqual({
			ok: true,
			emailChangeRequested: true,
		})
		expect((await getProfile(patient))!.email).toBe(patient.email)
		expect((await getProfile(patient))!.pendingEmail).toBe(newEmail)

		const token = (await lastLinkSentTo(newEmail))!.searchParams.get('token')!
		expect(await confirmEmailChange({ token })).toEqual({ ok: true })
		expect((await getProfile(patient))!.email).toBe(newEmail)
		expect(await confirmEmailChange({ token })).toMatchObject({ ok: false, code: 'invalid-link' })
	})

	it('refuses a date of birth in the future', async () => {
		const patient = await newPatient()
		const result = await updateProfile(patient, { name: 'A', email: patient.email, dateOfBirth: '2999-01-01' }, { origin: 'http://x.test' })
		expect(result).toMatchObject({ ok: false, field: 'dateOfBirth' })
		const rows = await getDb()
			.select()
			.from(accountTokens)
			.where(and(eq(accountTokens.userId, patient.userId)))
		expect(rows).toEqual([])
	})
})
