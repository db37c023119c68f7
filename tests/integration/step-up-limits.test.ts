/**
 * Step-up re-checks in Settings (the current password to change the password
 * or the e-mail address, a code to turn off two-factor authentication, a
 * recovery code) have the sign-in's attempt limits: after the limit the
 * answer is 429 with a clear text and nothing is checked, the right answer
 * included, until the window has passed.
 */
import { randomUUID } from 'node:crypto'
import { generateHOTP } from '@oslojs/otp'
import { decodeBase32IgnorePadding } from '@oslojs/encoding'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { rateLimitEvents, twoFactorCredentials } from '#db/schema/platform.ts'
import { changePassword, updateProfile } from '#server/account/index.ts'
import { ACCOUNT_MESSAGES } from '#server/account/shared/messages.ts'
import { beginTwoFactorSetup, confirmTwoFactorSetup, createSession, disableTwoFactor, isTwoFactorEnabled, registerPatient } from '#server/auth/index.ts'
import { TWO_FACTOR_MESSAGES } from '#server/auth/shared/messages.ts'
import { sessionIdFromToken } from '#server/auth/session-token.ts'
import { refusalStatus } from '#server/errors/index.ts'
import { getEnv } from '#server/env.server.ts'
import { useTestDatabase } from './test-database.ts'

useTestDatabase()

const PASSWORD = 'Correct-horse-9'
const NEW_PASSWORD = 'Lantern-orbit-47-quiet'
const NOW = Date.UTC(2026, 10, 25, 9, 0, 0)
const codeAt = (secret: string, now: number) => generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(now / 30_000)), 6)

async function newPatient() {
	const email = `step-up-${randomUUID()}@example.test`
	const { user, organization } = await registerPatient({ name: 'Step Up', email, password: PASSWORD })
	const session = await createSession({ userId: user.id, kind: 'patient', organizationId: organization.id })
	return { userId: user.id, organizationId: organization.id, email, sessionId: sessionIdFromToken(session.token) }
}

/** The window passes: every counted attempt of the user is moved back beyond it. */
async function letPasswordWindowPass(userId: string) {
	await getDb()
		.update(rateLimitEvents)
		.set({ createdAt: sql`now() - interval '1 day'` })
		.where(eq(rateLimitEvents.subject, userId))
}

describe('step-up password re-checks', () => {
	it('refuses the current password after as many wrong ones as the sign-in allows, the right one too, until the window passes', async () => {
		const patient = await newPatient()
		const max = getEnv().LOGIN_ACCOUNT_MAX_FAILURES
		for (let i = 0; i < max; i++) {
			expect(await changePassword(patient, { currentPassword: `Wrong-guess-${i}`, newPassword: NEW_PASSWORD })).toMatchObject({
				ok: false,
				code: 'wrong-password',
			})
		}
		const refused = await changePassword(patient, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })
		expect(refused).toMatchObject({ ok: false, code: 'too-many-attempts', message: ACCOUNT_MESSAGES.tooManyPasswordAttempts, field: 'currentPassword' })
		expect(refusalStatus(refused as { kind: 'rate-limited' })).toBe(429)
		// The e-mail change asks the same limit.
		const input = { name: 'Step Up', email: `moved-${randomUUID()}@example.test`, currentPassword: PASSWORD }
		expect(await updateProfile(patient, input, { origin: 'http://localhost:3000' })).toMatchObject({ ok: false, code: 'too-many-attempts' })

		await letPasswordWindowPass(patient.userId)
		expect(await changePassword(patient, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).toMatchObject({ ok: true })
	})

	it('counts wrong passwords of the e-mail change against the same limit, and a right one gives its slot back', async () => {
		const patient = await newPatient()
		const max = getEnv().LOGIN_ACCOUNT_MAX_FAILURES
		const input = { name: 'Step Up', email: `moved-${randomUUID()}@example.test` }
		for (let i = 0; i < max - 1; i++) {
			expect(await updateProfile(patient, { ...input, currentPassword: `Wrong-guess-${i}` }, { origin: 'http://localhost:3000' })).toMatchObject({
				code: 'wrong-password',
			})
		}
		expect(await updateProfile(patient, { ...input, currentPassword: PASSWORD }, { origin: 'http://localhost:3000' })).toMatchObject({ ok: true })
		expect(await changePassword(patient, { currentPassword: 'Wrong-guess-last', newPassword: NEW_PASSWORD })).toMatchObject({ code: 'wrong-password' })
		expect(await changePassword(patient, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).toMatchObject({ code: 'too-many-attempts' })
	})
})

describe('the step-up code to turn off two-factor authentication', () => {
	async function enable(patient: { userId: string }) {
		await beginTwoFactorSetup(patient)
		const [row] = await getDb().select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, patient.userId))
		const confirmed = await confirmTwoFactorSetup(patient, codeAt(row!.secret, NOW), NOW)
		if (!confirmed.ok) throw new Error('not confirmed')
		return { secret: row!.secret, recoveryCodes: confirmed.recoveryCodes }
	}

	it('refuses even the right code and an unused recovery code after ten wrong codes, until the lock has passed', async () => {
		const patient = await newPatient()
		const { secret, recoveryCodes } = await enable(patient)
		for (let i = 0; i < 10; i++) {
			expect(await disableTwoFactor(patient, String(100000 + i), NOW + 30_000)).toMatchObject({ ok: false, code: 'invalid-code' })
		}
		const refused = await disableTwoFactor(patient, codeAt(secret, NOW + 30_000), NOW + 30_000)
		expect(refused).toMatchObject({ ok: false, code: 'too-many-attempts', message: TWO_FACTOR_MESSAGES.locked })
		expect(refusalStatus(refused as { kind: 'rate-limited' })).toBe(429)
		expect(await disableTwoFactor(patient, recoveryCodes[0]!, NOW + 30_000)).toMatchObject({ ok: false, code: 'too-many-attempts' })
		expect(await isTwoFactorEnabled(patient.userId)).toBe(true)

		await getDb()
			.update(twoFactorCredentials)
			.set({ lockedUntil: new Date(Date.now() - 1000) })
			.where(eq(twoFactorCredentials.userId, patient.userId))
		expect(await disableTwoFactor(patient, recoveryCodes[0]!, NOW + 30_000)).toEqual({ ok: true })
		expect(await isTwoFactorEnabled(patient.userId)).toBe(false)
	})
})
