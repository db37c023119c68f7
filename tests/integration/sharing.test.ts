/**
 * Sharing records against the real PostgreSQL: a link stores only its
 * token's hash; expiry and revoke hold; a link reaches exactly its share's
 * documents (not another tenant's, not the same patient's unshared ones,
 * whatever id is tried); openings and downloads are logged and notify the
 * owner once per hour; passcode guesses are limited in the database, also
 * when sent in parallel; Share via Email goes through the outbox.
 */
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { auditLog, emailOutbox, shareTokens } from '#db/schema/platform.ts'
import { healthParameters, notifications, shareAccessLog, shares } from '#db/schema/tenant.ts'
import { registerPatient } from '#server/auth/index.ts'
import { processDocument, storeUploadedDocument, type Patient } from '#server/documents/index.ts'
import { createDefaultOcrEngine, type OcrEngine } from '#server/extraction/index.ts'
import {
	createShareLink,
	listShares,
	openSharedFile,
	openSharedRecords,
	PASSCODE_MAX_FAILURES_PER_LINK,
	PASSCODE_MAX_FAILURES_PER_NETWORK,
	revokeShare,
	shareByEmail,
	submitSharePasscode,
	type ShareVisitor,
} from '#server/sharing/index.ts'
import { SHARE_MESSAGES } from '#server/sharing/shared/messages.ts'
import { ShareLinkSchema } from '#server/sharing/shared/share-form-schema.ts'
import { hashShareToken } from '#server/sharing/tokens.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { receivedFixture } from './document-upload.ts'
import { useTestDatabase } from './test-database.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-${randomUUID()}`)
useTestDatabase()

const REQUEST = new Request('http://127.0.0.1:3253/share-records')
const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const UNKNOWN_TOKEN = 'a'.repeat(52)

function visitor(overrides: Partial<ShareVisitor> = {}): ShareVisitor {
	return { ipAddress: '203.0.113.77', userAgent: CHROME_ON_WINDOWS, grantedShareIds: [], ...overrides }
}

let ocr: OcrEngine
let owner: Patient & { user: { name: string } }
let other: Patient
let labId: string
let visitNoteId: string
let unsharedId: string
let otherTenantDocumentId: string

async function newPatient(name: string) {
	const { user, organization } = await registerPatient({ name, email: `share-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
	return { userId: user.id, organizationId: organization.id, user: { name } }
}

async function uploadAndProcess(patient: Patient, fixture: string) {
	const outcome = await storeUploadedDocument(patient, await receivedFixture(fixture))
	if (!outcome.ok) throw new Error(`refused: ${outcome.code}`)
	await processDocument({ organizationId: patient.organizationId, documentId: outcome.documentId }, { ocr })
	return outcome.documentId
}

function tokenOf(url: string) {
	return url.split('/').pop()!
}

async function share(documentIds: string[], options: { expiry?: '24h' | '7d' | '30d' | 'never'; passcode?: string; now?: Date } = {}) {
	const created = await createShareLink(owner, ShareLinkSchema.parse({ documentIds, expiry: options.expiry, passcode: options.passcode }), REQUEST, options.now)
	if (!created.ok) throw new Error(created.message)
	return { ...created, token: tokenOf(created.url) }
}

function accessRows(shareId: string) {
	return withTenant(owner.organizationId, (tx) => tx.select().from(shareAccessLog).where(eq(shareAccessLog.shareId, shareId)))
}

function openedNotifications() {
	return withTenant(owner.organizationId, (tx) =>
		tx
			.select()
			.from(notifications)
			.where(and(eq(notifications.ownerId, owner.userId), eq(notifications.title, SHARE_MESSAGES.openedNotificationTitle))),
	)
}

async function readAll(body: ReadableStream<Uint8Array> | NodeJS.ReadableStream) {
	const chunks: Buffer[] = []
	for await (const chunk of body as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk))
	return Buffer.concat(chunks)
}

beforeAll(async () => {
	ocr = createDefaultOcrEngine()
	owner = await newPatient('Sharon Owner')
	other = await newPatient('Otto Other')
	labId = await uploadAndProcess(owner, 'lab/LabResults_Meridian_2025-03-14.pdf')
	visitNoteId = await uploadAndProcess(owner, 'other/visit_note_2025-04-02.pdf')
	unsharedId = await uploadAndProcess(owner, 'other/immunization_record.pdf')
	otherTenantDocumentId = await uploadAndProcess(other, 'other/chest_xray_report.pdf')
}, 120_000)

afterAll(async () => {
	await (ocr as OcrEngine & { close?: () => Promise<void> }).close?.()
})

describe('creating a link', () => {
	it('gives a long random token and stores only its hash', async () => {
		const created = await share([labId, visitNoteId])
		expect(created.url).toBe(`http://127.0.0.1:3253/shared/${created.token}`)
		expect(created.token).toMatch(/^[a-z2-7]{52}$/)
		expect(created.qrCode).toMatch(/^data:image\/svg\+xml;base64,/)
		const [index] = await getDb().select().from(shareTokens).where(eq(shareTokens.shareId, created.shareId))
		expect(index).toMatchObject({ tokenHash: hashShareToken(created.token), organizationId: owner.organizationId })
		const [row] = await withTenant(owner.organizationId, (tx) => tx.select().from(shares).where(eq(shares.id, created.shareId)))
		const audits = await getDb().select().from(auditLog).where(eq(auditLog.targetId, created.shareId))
		const stored = JSON.stringify([index, row, audits])
		expect(stored).not.toContain(created.token)
		expect(audits.map((audit) => audit.action)).toEqual(['share.create'])
	})

	it('expires after 7 days by default, never when asked', async () => {
		const now = new Date('2026-11-25T10:00:00Z')
		expect((await share([labId], { now })).expiresAt).toEqual(new Date('2026-12-02T10:00:00Z'))
		expect((await share([labId], { expiry: '24h', now })).expiresAt).toEqual(new Date('2026-11-26T10:00:00Z'))
		expect((await share([labId], { expiry: 'never', now })).expiresAt).toBeNull()
	})

	it("refuses another tenant's document or an unknown id, and makes no share", async () => {
		const before = await listShares(owner)
		for (const ids of [[otherTenantDocumentId], [labId, otherTenantDocumentId], [randomUUID()]]) {
			const refused = await createShareLink(owner, ShareLinkSchema.parse({ documentIds: ids }), REQUEST)
			expect(refused).toMatchObject({ ok: false, kind: 'invalid', field: 'documentIds' })
		}
		expect(await listShares(owner)).toHaveLength(before.length)
	})
})

describe('opening a link', () => {
	it('shows exactly the shared documents with their lab values, logs each opening and notifies once per hour', async () => {
		const created = await share([labId, visitNoteId])
		const now = new Date()
		const opened = await openSharedRecords(created.token, visitor(), now)
		if (!opened.ok || opened.status !== 'open') throw new Error('not opened')
		expect(opened.documents.map((document) => document.id).sort()).toEqual([labId, visitNoteId].sort())
		const lab = opened.documents.find((document) => document.id === labId)!
		expect(lab.documentType).toBe('lab_report')
		expect(lab.labValues.length).toBeGreaterThan(10)
		expect(lab.labValues.every((value) => value.documentId === labId)).toBe(true)
		// whose records, shared when, and the values in the report's order
		expect(opened.patientName).toBe('Sharon Owner')
		expect(Math.abs(opened.sharedAt.getTime() - now.getTime())).toBeLessThan(60_000)
		const stored = await withTenant(owner.organizationId, (tx) =>
			tx.select({ id: healthParameters.id, position: healthParameters.position }).from(healthParameters).where(eq(healthParameters.documentId, labId)),
		)
		const positionOf = new Map(stored.map((row) => [row.id, row.position]))
		const positions = lab.labValues.map((value) => positionOf.get(value.id)!)
		expect(positions).toEqual([...positions].sort((a, b) => a - b))
		expect(opened.documents.find((document) => document.id === visitNoteId)!.labValues.every((value) => value.documentId === visitNoteId)).toBe(true)

		await openSharedRecords(created.token, visitor({ ipAddress: '2001:db8:abcd:12::1', userAgent: null }), now)
		const rows = await accessRows(created.shareId)
		expect(rows.map((row) => [row.kind, row.client, row.network]).sort()).toEqual([
			['opened', 'Chrome on Windows', '203.0.113.0/24'],
			['opened', 'Unknown browser', '2001:db8:abcd::/48'],
		])
		const notified = (await openedNotifications()).filter((notification) => notification.dedupeKey?.includes(created.shareId))
		expect(notified).toHaveLength(1)
		expect(notified[0]).toMatchObject({ link: '/share-records', isRead: false })

		// An hour later the next opening notifies again.
		await openSharedRecords(created.token, visitor(), new Date(now.getTime() + 60 * 60 * 1000))
		expect((await openedNotifications()).filter((notification) => notification.dedupeKey?.includes(created.shareId))).toHaveLength(2)

		const listed = (await listShares(owner)).find((entry) => entry.id === created.shareId)!
		expect(listed).toMatchObject({ views: 3, sharedWith: null, hasPasscode: false })
		expect(listed.recordTitles).toHaveLength(2)
		expect(listed.lastOpenedAt).toEqual(new Date(now.getTime() + 60 * 60 * 1000))
		expect(listed.accessLog).toHaveLength(3)
	})

	it('serves a shared file through the token and logs the download', async () => {
		const created = await share([labId])
		const file = await openSharedFile(created.token, labId, visitor())
		expect(file).not.toBeNull()
		expect(file!.mimeType).toBe('application/pdf')
		const bytes = await readAll(file!.body)
		expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
		const rows = await accessRows(created.shareId)
		expect(rows).toMatchObject([{ kind: 'downloaded', documentId: labId }])
		const audits = await getDb()
			.select()
			.from(auditLog)
			.where(and(eq(auditLog.action, 'share.download'), eq(auditLog.targetId, labId)))
		expect(audits.length).toBeGreaterThan(0)
	})

	it('reaches no unshared document of the patient and nothing of another tenant, whatever id is tried', async () => {
		const created = await share([labId])
		const otherShare = await createShareLink(other, ShareLinkSchema.parse({ documentIds: [otherTenantDocumentId] }), REQUEST)
		if (!otherShare.ok) throw new Error('share of the other tenant')
		const ofOtherTenant = { ...otherShare, token: tokenOf(otherShare.url) }
		for (const documentId of [unsharedId, visitNoteId, otherTenantDocumentId, created.shareId, ofOtherTenant.shareId, 'not-a-uuid', '../../etc/passwd', '']) {
			expect(await openSharedFile(created.token, documentId, visitor())).toBeNull()
		}
		// The other tenant's link opens its own document only, never this tenant's.
		for (const documentId of [labId, unsharedId]) expect(await openSharedFile(ofOtherTenant.token, documentId, visitor())).toBeNull()
		const theirs = await openSharedRecords(ofOtherTenant.token, visitor())
		expect(theirs.ok && theirs.status === 'open' && theirs.documents.map((document) => document.id)).toEqual([otherTenantDocumentId])
		// Ids of shares are not tokens.
		for (const token of [created.shareId, ofOtherTenant.shareId, hashShareToken(created.token), `${created.token}x`, created.token.toUpperCase()]) {
			expect(await openSharedRecords(token, visitor())).toMatchObject({ ok: false, kind: 'not-found' })
		}
		// Another patient cannot revoke or see this link.
		expect(await revokeShare(other, created.shareId)).toMatchObject({ ok: false, kind: 'not-found' })
		expect((await listShares(other)).map((entry) => entry.id)).not.toContain(created.shareId)
		expect((await openSharedRecords(created.token, visitor())).ok).toBe(true)
		// Refused files were not logged: only the one opening above.
		expect(await accessRows(created.shareId)).toMatchObject([{ kind: 'opened' }])
	})
})

describe('links that no longer work', () => {
	it('refuses a revoked link at once, with the same answer as an unknown token', async () => {
		const created = await share([labId])
		expect((await openSharedRecords(created.token, visitor())).ok).toBe(true)
		expect(await revokeShare(owner, created.shareId)).toEqual({ ok: true })
		const unknown = await openSharedRecords(UNKNOWN_TOKEN, visitor())
		expect(unknown).toEqual({ ok: false, kind: 'not-found', code: 'unavailable', message: SHARE_MESSAGES.unavailable })
		expect(await openSharedRecords(created.token, visitor())).toEqual(unknown)
		expect(await openSharedFile(created.token, labId, visitor())).toBeNull()
		expect(await submitSharePasscode(created.token, 'anything', visitor())).toEqual(unknown)
		expect(await getDb().select().from(shareTokens).where(eq(shareTokens.shareId, created.shareId))).toEqual([])
		// Still listed, as revoked, with its access log (the opening above).
		const listed = (await listShares(owner)).find((entry) => entry.id === created.shareId)
		expect(listed?.revokedOn).toBeInstanceOf(Date)
		expect(listed?.accessLog.map((entry) => entry.kind)).toEqual(['opened'])
		// Revoking again is fine.
		expect(await revokeShare(owner, created.shareId)).toEqual({ ok: true })
	})

	it('refuses an expired link the same way', async () => {
		const created = await share([labId], { expiry: '24h' })
		const later = new Date(Date.now() + 25 * 60 * 60 * 1000)
		expect((await openSharedRecords(created.token, visitor(), new Date(Date.now() + 23 * 60 * 60 * 1000))).ok).toBe(true)
		expect(await openSharedRecords(created.token, visitor(), later)).toEqual(await openSharedRecords(UNKNOWN_TOKEN, visitor()))
		expect(await openSharedFile(created.token, labId, visitor(), { now: later })).toBeNull()
		// Still listed (marked expired on the page) until revoked.
		expect((await listShares(owner)).map((entry) => entry.id)).toContain(created.shareId)
	})
})

describe('a link with a passcode', () => {
	it('asks for the passcode before showing or serving anything', async () => {
		const created = await share([labId], { passcode: 'blue-heron-42' })
		expect(await openSharedRecords(created.token, visitor())).toEqual({ ok: true, status: 'passcode' })
		expect(await openSharedFile(created.token, labId, visitor())).toBeNull()
		expect(await submitSharePasscode(created.token, 'wrong', visitor())).toMatchObject({
			ok: false,
			kind: 'invalid',
			field: 'passcode',
			message: SHARE_MESSAGES.wrongPasscode,
		})
		expect(await submitSharePasscode(created.token, 'blue-heron-42', visitor())).toEqual({ ok: true, shareId: created.shareId })
		const granted = visitor({ grantedShareIds: [created.shareId] })
		const opened = await openSharedRecords(created.token, granted)
		expect(opened.ok && opened.status).toBe('open')
		expect(await openSharedFile(created.token, labId, granted)).not.toBeNull()
		// A grant for another share opens nothing here.
		expect(await openSharedRecords(created.token, visitor({ grantedShareIds: [randomUUID()] }))).toEqual({ ok: true, status: 'passcode' })
		expect((await accessRows(created.shareId)).map((row) => row.kind).sort()).toEqual(['downloaded', 'opened', 'passcode_failed'])
	})

	it('stops checking guesses from one network after the limit, counting parallel guesses exactly', async () => {
		const created = await share([labId], { passcode: 'right-passcode' })
		const guesses = await Promise.all(
			Array.from({ length: PASSCODE_MAX_FAILURES_PER_NETWORK + 5 }, (_, index) => submitSharePasscode(created.token, `guess-${index}`, visitor())),
		)
		expect(guesses.filter((guess) => !guess.ok && guess.kind === 'invalid')).toHaveLength(PASSCODE_MAX_FAILURES_PER_NETWORK)
		expect(guesses.filter((guess) => !guess.ok && guess.kind === 'rate-limited')).toHaveLength(5)
		// Even the right passcode waits now, from this network.
		expect(await submitSharePasscode(created.token, 'right-passcode', visitor())).toMatchObject({
			ok: false,
			kind: 'rate-limited',
			message: SHARE_MESSAGES.tooManyAttempts,
		})
		// Another network may still try; the window moves on.
		expect(await submitSharePasscode(created.token, 'right-passcode', visitor({ ipAddress: '198.51.100.4' }))).toMatchObject({ ok: true })
		expect(await submitSharePasscode(created.token, 'right-passcode', visitor(), new Date(Date.now() + 16 * 60 * 1000))).toMatchObject({ ok: true })
		expect((await accessRows(created.shareId)).filter((row) => row.kind === 'passcode_failed')).toHaveLength(PASSCODE_MAX_FAILURES_PER_NETWORK)
	})

	it('stops checking guesses on the link after the limit across networks', async () => {
		const created = await share([labId], { passcode: 'right-passcode' })
		for (let index = 0; index < PASSCODE_MAX_FAILURES_PER_LINK; index++) {
			const guess = await submitSharePasscode(created.token, 'wrong', visitor({ ipAddress: `10.0.${index}.1` }))
			expect(guess).toMatchObject({ ok: false, kind: 'invalid' })
		}
		expect(await submitSharePasscode(created.token, 'right-passcode', visitor({ ipAddress: '192.0.2.1' }))).toMatchObject({ ok: false, kind: 'rate-limited' })
	})
})

describe('sharing by e-mail', () => {
	it('queues the link in the outbox for the recipient, without the passcode', async () => {
		const recipient = `doctor-${randomUUID()}@clinic.example.test`
		const input = ShareLinkSchema.parse({ documentIds: [labId, visitNoteId], expiry: '30d', passcode: 'secret-word' })
		const shared = await shareByEmail(owner, { ...input, recipientEmail: recipient }, REQUEST)
		if (!shared.ok) throw new Error(shared.message)
		const [message] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.recipient, recipient))
		expect(message).toMatchObject({ kind: 'share_link', userId: owner.userId, subject: SHARE_MESSAGES.emailSubject, status: 'queued' })
		expect(message!.textBody).toContain(shared.url)
		expect(message!.textBody).toContain('Sharon Owner shared 2 medical records with you')
		expect(message!.textBody).toContain('The link works for 30 days.')
		expect(message!.textBody).toContain('You need a passcode')
		expect(message!.textBody).not.toContain('secret-word')
		expect((await listShares(owner)).find((entry) => entry.id === shared.shareId)).toMatchObject({ sharedWith: recipient, hasPasscode: true })
	})
})
