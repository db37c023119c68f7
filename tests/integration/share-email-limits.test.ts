/**
 * Share via Email: limited per user and day (429 past it, with a clear
 * text), and the sender's free-text name never reaches the e-mail in a form
 * a mail client would turn into a link.
 */
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { emailOutbox } from '#db/schema/platform.ts'
import { registerPatient } from '#server/auth/index.ts'
import { storeUploadedDocument, type Patient } from '#server/documents/index.ts'
import { refusalStatus } from '#server/errors/index.ts'
import { SHARE_EMAILS_PER_DAY, shareByEmail } from '#server/sharing/index.ts'
import { SHARE_MESSAGES } from '#server/sharing/shared/messages.ts'
import { ShareLinkSchema } from '#server/sharing/shared/share-form-schema.ts'
import { receivedFixture } from './document-upload.ts'
import { useTestDatabase } from './test-database.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-${randomUUID()}`)
useTestDatabase()

const REQUEST = new Request('http://127.0.0.1:3253/share-records')

async function ownerNamed(name: string) {
	const { user, organization } = await registerPatient({ name, email: `share-mail-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
	const patient: Patient = { userId: user.id, organizationId: organization.id }
	const stored = await storeUploadedDocument(patient, await receivedFixture('lab/bluewater_final_report.pdf'))
	if (!stored.ok) throw new Error(stored.message)
	return { ...patient, user: { name }, documentId: stored.documentId }
}

let owner: Awaited<ReturnType<typeof ownerNamed>>

beforeAll(async () => {
	owner = await ownerNamed('Visit http://evil.example now or www.evil.example')
})

function send(recipient = `doctor-${randomUUID()}@clinic.example.test`) {
	const input = ShareLinkSchema.parse({ documentIds: [owner.documentId], expiry: '7d', passcode: 'heron-blue' })
	return shareByEmail(owner, { ...input, recipientEmail: recipient }, REQUEST)
}

describe('Share via Email', () => {
	it("never puts the sender's name in a link-looking form into the e-mail", async () => {
		const recipient = `doctor-${randomUUID()}@clinic.example.test`
		const shared = await send(recipient)
		if (!shared.ok) throw new Error(shared.message)
		const [message] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.recipient, recipient))
		for (const body of [message!.textBody!, message!.htmlBody!]) {
			expect(body).not.toContain('evil.example')
			expect(body).not.toContain('http://evil')
			expect(body).not.toContain('www.evil')
			expect(body).toContain('evil[.]example')
		}
		// The share's own link is still there.
		expect(message!.textBody).toContain(shared.url)
	})

	it(`refuses more than ${SHARE_EMAILS_PER_DAY} a day per user with 429 and a clear text`, async () => {
		const sent = (await getDb().select().from(emailOutbox).where(eq(emailOutbox.userId, owner.userId))).length
		for (let count = sent; count < SHARE_EMAILS_PER_DAY; count++) expect((await send()).ok).toBe(true)
		const refused = await send()
		expect(refused).toMatchObject({ ok: false, code: 'too-many-emails', message: SHARE_MESSAGES.tooManyShareEmails(SHARE_EMAILS_PER_DAY) })
		expect(refusalStatus(refused as { kind: 'rate-limited' })).toBe(429)
	})
})
