/**
 * The mail relay cannot be aimed (issue 41, finding 3): an address gets no
 * notification e-mail until its owner opened the confirmation link (24
 * hours, single use) that sign-up sends; a notification e-mail carries no
 * text from the uploaded file, only a fixed line and a link into the app;
 * one address gets at most EMAIL_RECIPIENT_DAILY_MAX e-mails a day, the
 * last saying so.
 */
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { ActionFunctionArgs } from '@remix-run/node'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { accountTokens, emailOutbox, users } from '#db/schema/platform.ts'
import { confirmAddress, resendAddressConfirmation } from '#server/account/index.ts'
import { ACCOUNT_MESSAGES } from '#server/account/shared/messages.ts'
import { registerPatient, type Patient } from '#server/auth/index.ts'
import { queueEmail } from '#server/email/index.ts'
import { getEnv } from '#server/env.server.ts'
import { buildCcd } from '#tests/support/ccda-builder.ts'
import { uploadAndProcess } from './document-upload.ts'
import { useTestDatabase } from './test-database.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-mail-aiming-${randomUUID()}`)
useTestDatabase()

const HOSTILE_TITLE = 'ACTION REQUIRED: your account will be closed, verify at https://carebook-verify.example or call +1 555 0100'

/** `glucose`: a value not already in the records, so the record stores it (and notifies that it is outside the range). */
function hostileCcd(glucose = '250') {
	const ccd = buildCcd({
		documentId: randomUUID(),
		effectiveTime: '20250301',
		custodian: 'Verify Clinic',
		results: [{ loinc: '2345-7', name: 'Glucose', value: glucose, unit: 'mg/dL', low: '70', high: '99', time: '20250301' }],
	})
	return Buffer.from(ccd.replace('<title>Continuity of Care Document</title>', `<title>${HOSTILE_TITLE}</title>`))
}

function mailsTo(address: string) {
	return getDb()
		.select()
		.from(emailOutbox)
		.where(sql`lower(${emailOutbox.recipient}) = ${address.toLowerCase()}`)
		.orderBy(emailOutbox.createdAt)
}

/** The token in the newest confirmation e-mail to the address. */
async function confirmationToken(address: string) {
	const mails = (await mailsTo(address)).filter((mail) => mail.kind === 'email_confirm')
	const match = /confirm-address\?token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.textBody ?? '')
	if (!match) throw new Error('no confirmation link')
	return match[1]!
}

async function signUp(): Promise<Patient & { email: string }> {
	const email = `aim-${randomUUID()}@example.test`
	const route = await import('#app/routes/_auth.register.tsx')
	const form = new FormData()
	form.set('name', 'Mail Target')
	form.set('email', email)
	form.set('password', 'Correct-horse-9')
	form.set('confirmPassword', 'Correct-horse-9')
	const args = {
		request: new Request('http://localhost:3000/register', { method: 'POST', body: form }),
		params: {},
		context: { requestId: 'test', cspNonce: '', clientIp: `198.51.100.${Math.floor(Math.random() * 200)}` },
	} as ActionFunctionArgs
	const thrown = await route.action(args).catch((response: unknown) => response)
	expect(thrown).toBeInstanceOf(Response)
	const [user] = await getDb().select({ id: users.id, organizationId: users.primaryOrganizationId }).from(users).where(eq(users.email, email))
	return { userId: user!.id, organizationId: user!.organizationId!, email }
}

describe('notification e-mails', () => {
	it('go to an address only after its owner confirmed it through the link sign-up sent, and carry no text of the file', async () => {
		const patient = await signUp()
		const [confirmation] = await mailsTo(patient.email)
		expect(confirmation).toMatchObject({ kind: 'email_confirm' })

		// not confirmed: the processed document notifies in the app, and no e-mail goes out
		await uploadAndProcess(patient, hostileCcd(), 'record.xml')
		expect((await mailsTo(patient.email)).map((mail) => mail.kind)).toEqual(['email_confirm'])

		expect(await confirmAddress({ token: await confirmationToken(patient.email) })).toMatchObject({ ok: true })
		await uploadAndProcess(patient, hostileCcd('260'), 'record-again.xml')
		const notices = (await mailsTo(patient.email)).filter((mail) => mail.kind === 'notification')
		expect(notices.map((mail) => mail.subject).sort()).toEqual(['A document was processed', 'Something in Carebook needs your attention'])
		for (const mail of notices) {
			for (const body of [mail.subject, mail.textBody ?? '', mail.htmlBody ?? '']) {
				expect(body).not.toContain('ACTION REQUIRED')
				expect(body).not.toContain('carebook-verify')
				expect(body).not.toContain('555 0100')
			}
			expect(mail.textBody).toMatch(/\/records\/[0-9a-f-]{36}/)
		}
	}, 120_000)

	it('refuse an expired or used link, and one for an address the account no longer has', async () => {
		const patient = await signUp()
		const token = await confirmationToken(patient.email)
		await getDb()
			.update(accountTokens)
			.set({ expiresAt: new Date(Date.now() - 1000) })
			.where(and(eq(accountTokens.userId, patient.userId), eq(accountTokens.purpose, 'email_confirm')))
		expect(await confirmAddress({ token })).toMatchObject({ ok: false, message: ACCOUNT_MESSAGES.linkInvalid })

		expect(await resendAddressConfirmation(patient.userId, 'http://localhost:3000')).toMatchObject({ ok: true })
		const fresh = await confirmationToken(patient.email)
		await getDb()
			.update(users)
			.set({ email: `moved-${randomUUID()}@example.test` })
			.where(eq(users.id, patient.userId))
		expect(await confirmAddress({ token: fresh })).toMatchObject({ ok: false })
		const [row] = await getDb().select({ confirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, patient.userId))
		expect(row!.confirmedAt).toBeNull()
	})

	it('are asked for again at most three times an hour', async () => {
		const patient = await signUp()
		for (let attempt = 0; attempt < 3; attempt++) expect(await resendAddressConfirmation(patient.userId, 'http://localhost:3000')).toMatchObject({ ok: true })
		expect(await resendAddressConfirmation(patient.userId, 'http://localhost:3000')).toMatchObject({ ok: false, kind: 'rate-limited' })
	})
})

describe('the per-recipient daily cap', () => {
	it('stops e-mail to one address after the daily number, the last one saying so, while a password reset still goes', async () => {
		const address = `target-${randomUUID()}@example.test`
		const max = getEnv().EMAIL_RECIPIENT_DAILY_MAX
		const outcomes = []
		for (let index = 0; index < max + 5; index++) {
			outcomes.push(
				await queueEmail(getDb(), {
					to: address,
					kind: 'share_link',
					subject: 'Someone shared records with you',
					lines: ['Look at https://carebook-verify.example'],
					link: { label: 'Open', url: 'https://carebook.example/shared/x' },
				}),
			)
		}
		expect(outcomes.filter((outcome) => outcome.messageId)).toHaveLength(max)
		expect(outcomes.at(-1)).toMatchObject({ messageId: null, skipped: 'recipient_cap' })
		const mails = await mailsTo(address)
		expect(mails).toHaveLength(max)
		expect(mails.at(-1)!.subject).toBe('More Carebook messages are waiting')
		expect(mails.at(-1)!.textBody).not.toContain('carebook-verify')

		const { user } = await registerPatient({ name: 'Reset Me', email: address, password: 'Correct-horse-9' })
		expect(
			await queueEmail(getDb(), { to: address, kind: 'password_reset', userId: user.id, subject: 'Reset your password', lines: ['Use the link.'] }),
		).toMatchObject({ messageId: expect.any(String) })
	})
})
