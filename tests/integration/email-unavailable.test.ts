/**
 * A server that cannot send e-mail (production without SMTP_URL) says so
 * where the user acts: Share via Email makes the link but queues nothing and
 * answers emailSent false; 'Forgot password' answers the same refusal for
 * every address, looks nothing up and makes no token; the admin dashboard
 * raises one alert for failed e-mail. Outside production the mailbox still
 * takes the messages.
 */
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { getDb } from '#db/client.ts'
import { accountTokens, emailOutbox, passwordResetRequests } from '#db/schema/platform.ts'
import { shares } from '#db/schema/tenant.ts'
import { requestPasswordReset } from '#server/account/index.ts'
import { ACCOUNT_MESSAGES } from '#server/account/shared/messages.ts'
import { listAlerts } from '#server/admin/index.ts'
import { registerPatient } from '#server/auth/index.ts'
import { storeUploadedDocument, type Patient } from '#server/documents/index.ts'
import { isEmailDeliveryAvailable, queueEmail, SMTP_NOT_CONFIGURED } from '#server/email/index.ts'
import { shareByEmail } from '#server/sharing/index.ts'
import { ShareLinkSchema } from '#server/sharing/shared/share-form-schema.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { receivedFixture } from './document-upload.ts'
import { useTestDatabase } from './test-database.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-${randomUUID()}`)
useTestDatabase()

const REQUEST = new Request('http://127.0.0.1:3253/share-records')
let owner: Patient & { user: { name: string } }
let ownerEmail: string
let documentId: string

beforeAll(async () => {
	ownerEmail = `nomail-${randomUUID()}@example.test`
	const { user, organization } = await registerPatient({ name: 'Nora Mailless', email: ownerEmail, password: 'Correct-horse-9' })
	owner = { userId: user.id, organizationId: organization.id, user: { name: 'Nora Mailless' } }
	const stored = await storeUploadedDocument(owner, await receivedFixture('other/visit_note_2025-04-02.pdf'))
	if (!stored.ok) throw new Error(stored.code)
	documentId = stored.documentId
})

afterEach(() => {
	vi.unstubAllEnvs()
})

function withoutRelayInProduction() {
	vi.stubEnv('NODE_ENV', 'production')
	vi.stubEnv('SMTP_URL', '')
}

async function outboxCountTo(recipient: string) {
	const [row] = await getDb()
		.select({ n: sql<number>`count(*)::int` })
		.from(emailOutbox)
		.where(eq(emailOutbox.recipient, recipient))
	return row!.n
}

describe('whether e-mail can be delivered', () => {
	it('is available with a relay, or outside production (the mailbox), and not in production without a relay', () => {
		expect(isEmailDeliveryAvailable({ smtpUrl: 'smtp://relay.example:587', from: 'a@b.c', isProduction: true })).toBe(true)
		expect(isEmailDeliveryAvailable({ smtpUrl: undefined, from: 'a@b.c', isProduction: false })).toBe(true)
		expect(isEmailDeliveryAvailable({ smtpUrl: undefined, from: 'a@b.c', isProduction: true })).toBe(false)
	})
})

describe('Share via Email without a relay', () => {
	it('makes the link for the recipient, queues no e-mail and says it was not sent', async () => {
		withoutRelayInProduction()
		const recipient = `dr-${randomUUID().slice(0, 8)}@clinic.example`
		const shared = await shareByEmail(owner, { ...ShareLinkSchema.parse({ documentIds: [documentId] }), recipientEmail: recipient }, REQUEST)
		expect(shared).toMatchObject({ ok: true, emailSent: false })
		if (!shared.ok || shared.emailSent) throw new Error('expected a link that was not sent')
		expect(shared.url).toMatch(/\/shared\/[A-Za-z0-9_-]+$/)
		expect(shared.qrCode).toMatch(/^data:image\/|<svg/)
		expect(await outboxCountTo(recipient)).toBe(0)
		const [row] = await withTenant(owner.organizationId, (tx) => tx.select().from(shares).where(eq(shares.id, shared.shareId)))
		expect(row?.recipientEmail).toBe(recipient)
	})

	it('still queues the e-mail outside production (the local mailbox)', async () => {
		vi.stubEnv('SMTP_URL', '')
		const recipient = `dr-${randomUUID().slice(0, 8)}@clinic.example`
		const shared = await shareByEmail(owner, { ...ShareLinkSchema.parse({ documentIds: [documentId] }), recipientEmail: recipient }, REQUEST)
		expect(shared).toMatchObject({ ok: true, emailSent: true })
		expect(await outboxCountTo(recipient)).toBe(1)
	})
})

describe("'Forgot password' without a relay", () => {
	it('answers the same for a known and an unknown address, and makes no token, request or e-mail', async () => {
		withoutRelayInProduction()
		const [tokensBefore] = await getDb()
			.select({ n: sql<number>`count(*)::int` })
			.from(accountTokens)
			.where(eq(accountTokens.userId, owner.userId))
		const [requestsBefore] = await getDb()
			.select({ n: sql<number>`count(*)::int` })
			.from(passwordResetRequests)
		const known = await requestPasswordReset({ email: ownerEmail, ipAddress: '198.51.100.7', origin: 'http://x.test' })
		const unknown = await requestPasswordReset({ email: `nobody-${randomUUID()}@example.test`, ipAddress: '198.51.100.7', origin: 'http://x.test' })
		expect(known).toEqual(unknown)
		expect(known).toEqual({ ok: false, kind: 'unavailable', code: 'email-unavailable', message: ACCOUNT_MESSAGES.resetEmailUnavailable })
		expect(ACCOUNT_MESSAGES.resetEmailUnavailable).toContain('contact your administrator')
		const [tokensAfter] = await getDb()
			.select({ n: sql<number>`count(*)::int` })
			.from(accountTokens)
			.where(eq(accountTokens.userId, owner.userId))
		const [requestsAfter] = await getDb()
			.select({ n: sql<number>`count(*)::int` })
			.from(passwordResetRequests)
		expect(tokensAfter!.n).toBe(tokensBefore!.n)
		expect(requestsAfter!.n).toBe(requestsBefore!.n)
		expect(await outboxCountTo(ownerEmail)).toBe(0)
	})

	it('sends the link as before outside production', async () => {
		vi.stubEnv('SMTP_URL', '')
		expect(await requestPasswordReset({ email: ownerEmail, ipAddress: '198.51.100.8', origin: 'http://x.test' })).toEqual({ ok: true })
		expect(await outboxCountTo(ownerEmail)).toBe(1)
	})
})

describe('the admin alert for failing e-mail', () => {
	it('raises one alert naming the missing relay when messages failed with SMTP_NOT_CONFIGURED in the last day', async () => {
		const before = (await listAlerts()).filter((alert) => alert.key.startsWith('email-failures:'))
		expect(before).toEqual([])
		for (let i = 0; i < 3; i++) {
			const { messageId } = await queueEmail(getDb(), { to: `x${i}@failing.example`, kind: 'share_link', subject: 'Hello', lines: ['Hello'] })
			await getDb()
				.update(emailOutbox)
				.set({ status: 'failed', lastErrorCode: SMTP_NOT_CONFIGURED, lastAttemptAt: new Date() })
				.where(eq(emailOutbox.id, messageId!))
		}
		const alerts = (await listAlerts()).filter((alert) => alert.key.startsWith('email-failures:'))
		expect(alerts).toHaveLength(1)
		expect(alerts[0]).toMatchObject({ level: 'warning', title: 'E-mail is not configured', href: '/admin/system' })
		expect(alerts[0]!.message).toContain('3 e-mails could not be sent in the last 24 hours')
		expect(alerts[0]!.message).toContain('SMTP_URL')
		expect(alerts[0]!.message).not.toContain('failing.example')
	})
})
