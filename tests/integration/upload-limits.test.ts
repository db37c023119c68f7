/**
 * Uploads are rate limited per user and per organization (the page, the
 * upload API and the REST API share acceptUpload): past the limit the answer
 * is 429 with a clear text, before the body is read.
 */
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { rateLimitEvents } from '#db/schema/platform.ts'
import { pruneAttempts } from '#server/rate-limits/index.ts'
import { registerPatient } from '#server/auth/index.ts'
import { acceptUpload } from '#server/documents/index.ts'
import { DOCUMENT_MESSAGES } from '#server/documents/shared/messages.ts'
import { getEnv } from '#server/env.server.ts'
import { refusalStatus } from '#server/errors/index.ts'
import { addMember } from '#tests/support/billing-fixture.ts'
import { FIXTURES } from './document-upload.ts'
import { useTestDatabase } from './test-database.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-${randomUUID()}`)
useTestDatabase()

async function uploadRequest() {
	const bytes = await readFile(path.join(FIXTURES, 'lab/bluewater_final_report.pdf'))
	const form = new FormData()
	form.set('file', new File([bytes], 'bluewater_final_report.pdf', { type: 'application/pdf' }))
	return new Request('http://localhost/api/documents/upload', { method: 'POST', body: form })
}

/** `count` uploads counted for the subject already (as if made within the window). */
async function alreadyUploaded(bucket: 'upload-user' | 'upload-organization', subject: string, count: number) {
	await getDb()
		.insert(rateLimitEvents)
		.values(Array.from({ length: count }, () => ({ bucket, subject })))
}

describe('upload rate limits', () => {
	it("refuses a user's upload past the per-user limit with 429 and a clear text", async () => {
		const { user, organization } = await registerPatient({ name: 'Upload Limit', email: `upload-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
		const uploader = { userId: user.id, organizationId: organization.id }
		await alreadyUploaded('upload-user', user.id, getEnv().UPLOAD_USER_MAX_PER_WINDOW - 1)
		expect(await acceptUpload(uploader, await uploadRequest())).toMatchObject({ ok: true })
		const refused = await acceptUpload(uploader, await uploadRequest())
		expect(refused).toMatchObject({ ok: false, code: 'too-many-uploads', message: DOCUMENT_MESSAGES.tooManyUploads })
		expect(refusalStatus(refused as { kind: 'rate-limited' })).toBe(429)
	})

	it("refuses every member's upload past the per-organization limit", async () => {
		const { user, organization } = await registerPatient({ name: 'Upload Org', email: `upload-org-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
		const member = await addMember(organization.id)
		await alreadyUploaded('upload-organization', organization.id, getEnv().UPLOAD_ORGANIZATION_MAX_PER_WINDOW)
		expect(await acceptUpload({ userId: user.id, organizationId: organization.id }, await uploadRequest())).toMatchObject({
			ok: false,
			code: 'too-many-uploads',
		})
		expect(await acceptUpload(member, await uploadRequest())).toMatchObject({ ok: false, code: 'too-many-uploads' })
	})
})

describe('counted attempts', () => {
	it('are pruned once older than any window, the recent ones kept', async () => {
		const subject = randomUUID()
		await getDb()
			.insert(rateLimitEvents)
			.values([
				{ bucket: 'upload-user', subject, createdAt: new Date(Date.now() - 3 * 24 * 60 * 60_000) },
				{ bucket: 'upload-user', subject },
			])
		expect(await pruneAttempts()).toBeGreaterThanOrEqual(1)
		expect(await getDb().select().from(rateLimitEvents).where(eq(rateLimitEvents.subject, subject))).toHaveLength(1)
	})
})
