/**
 * The patient's side of sharing: make a link to some of their documents
 * (optionally e-mailed, with an expiry and a passcode), list their links with
 * who opened them, and revoke one. The share tables are this module's; the
 * documents are read through server/documents, the e-mail goes through the
 * outbox (server/email).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { shareTokens } from '#db/schema/platform.ts'
import { shareAccessLog, shareDocuments, shares, type ShareAccessKind } from '#db/schema/tenant.ts'
import { recordAudit } from '#server/audit/index.ts'
import { hashPassword, type Patient } from '#server/auth/index.ts'
import { listDocuments, selectDocumentCards } from '#server/documents/index.ts'
import { emailDeliveryStates, isEmailDeliveryAvailable, queueEmail } from '#server/email/index.ts'
import { refuse, succeed, type Result } from '#server/errors/index.ts'
import { giveBackAttempt, takeAttempt } from '#server/rate-limits/index.ts'
import { withTenant, type TenantTransaction } from '#server/tenancy/index.ts'
import { parseSearchQuery } from '#server/validation/shared/text.ts'
import { SHARE_EXPIRY_LABELS, shareExpiresAt, type ShareExpiry } from './shared/expiry.ts'
import { SHARE_MESSAGES } from './shared/messages.ts'
import { matchesShareSearch } from './shared/search.ts'
import type { ShareLinkInput } from './shared/share-form-schema.ts'
import { shareLinkQrCode } from './qr-code.ts'
import { unlinkableSenderName } from './sender-name.ts'
import { generateShareToken, hashShareToken, shareLinkUrl } from './tokens.ts'

/** How many access-log entries of each link the page shows (newest first). */
export const ACCESS_LOG_SHOWN = 20

const DOCUMENTS_GONE = 'Some of the selected records no longer exist. Select them again.'

export type CreatedShare = { shareId: string; url: string; expiresAt: Date | null }

/** A share made by e-mail: sent, or (no relay on this server) made with its link and QR code for the page to offer instead. */
type EmailedShare = CreatedShare & ({ emailSent: true } | { emailSent: false; qrCode: string })

type ShareRefusal = 'documents-gone'

/**
 * Writes the share, its documents and its token's index row in one tenant
 * transaction, after checking that every document is the patient's (one
 * that is not, or no longer exists, refuses the whole share).
 */
async function insertShare(
	tx: TenantTransaction,
	patient: Patient,
	input: ShareLinkInput & { recipientEmail: string | null },
	request: Request,
	now: Date,
): Promise<Result<CreatedShare, ShareRefusal, 'documentIds'>> {
	const owned = await selectDocumentCards(tx, patient, input.documentIds)
	if (owned.length !== input.documentIds.length || owned.length === 0) return refuse('invalid', 'documents-gone', DOCUMENTS_GONE, 'documentIds')
	// a document that could not be processed is not offered, and not shared when posted anyway
	if (owned.some((document) => document.status === 'failed')) return refuse('invalid', 'documents-gone', SHARE_MESSAGES.failedNotShareable, 'documentIds')
	const token = generateShareToken()
	const expiresAt = shareExpiresAt(input.expiry, now)
	const [share] = await tx
		.insert(shares)
		.values({
			ownerId: patient.userId,
			recipientEmail: input.recipientEmail,
			passcodeHash: input.passcode ? await hashPassword(input.passcode) : null,
			expiresAt,
			createdAt: now,
		})
		.returning({ id: shares.id })
	await tx.insert(shareDocuments).values(owned.map((document) => ({ shareId: share!.id, documentId: document.id })))
	await tx.insert(shareTokens).values({ tokenHash: hashShareToken(token), organizationId: patient.organizationId, shareId: share!.id })
	await recordAudit(
		{
			action: 'share.create',
			actor: patient,
			target: { type: 'share', id: share!.id },
			details: { documents: owned.length, expiry: input.expiry, hasPasscode: !!input.passcode, byEmail: input.recipientEmail !== null },
		},
		tx,
	)
	return succeed({ shareId: share!.id, url: shareLinkUrl(request, token), expiresAt })
}

/** Generate Link: a link for anyone who has it, with its QR code. The token is in the returned URL only. */
export async function createShareLink(patient: Patient, input: ShareLinkInput, request: Request, now = new Date()) {
	const created = await withTenant(patient.organizationId, (tx) => insertShare(tx, patient, { ...input, recipientEmail: null }, request, now))
	return created.ok ? succeed({ ...created, qrCode: await shareLinkQrCode(created.url) }) : created
}

/** Share via Email: at most this many e-mails per user and day (the link itself can be generated freely). */
export const SHARE_EMAILS_PER_DAY = 20

/**
 * The e-mail's paragraphs: who shared how many records, for how long, and
 * whether a passcode is needed (never the passcode or the records' names).
 * The sender's name is free text: it is put in unlinkable (unlinkableSenderName).
 */
export function shareEmailLines(input: { senderName: string; documentCount: number; expiry: ShareExpiry; hasPasscode: boolean }): string[] {
	const senderName = unlinkableSenderName(input.senderName)
	const records = input.documentCount === 1 ? '1 medical record' : `${input.documentCount} medical records`
	return [
		'Hello,',
		`${senderName} shared ${records} with you through Carebook. You can read and download them without an account.`,
		input.expiry === 'never' ? 'The link works until it is revoked.' : `The link works for ${SHARE_EXPIRY_LABELS[input.expiry]}.`,
		...(input.hasPasscode ? [`You need a passcode to open it. Ask ${senderName} for it.`] : []),
	]
}

/**
 * Share via Email: the same link, for one recipient, sent through the
 * outbox in the same transaction (no share without its e-mail, no e-mail
 * without its share). At most SHARE_EMAILS_PER_DAY per user (429 past it),
 * so nobody sends mail to strangers in bulk through us. A server that cannot
 * send e-mail (production without a relay) still makes the link for that
 * recipient but queues nothing and answers `emailSent: false`, so the page
 * offers the link to copy instead of claiming it was sent.
 */
export async function shareByEmail(
	patient: Patient & { user: { name: string } },
	input: ShareLinkInput & { recipientEmail: string },
	request: Request,
	now = new Date(),
): Promise<Result<EmailedShare, ShareRefusal | 'too-many-emails', 'documentIds'>> {
	const slot = await takeAttempt({ bucket: 'share-email', max: SHARE_EMAILS_PER_DAY, windowMinutes: 24 * 60 }, patient.userId)
	if (!slot) return refuse('rate-limited', 'too-many-emails', SHARE_MESSAGES.tooManyShareEmails(SHARE_EMAILS_PER_DAY))
	return withTenant(patient.organizationId, async (tx) => {
		const created = await insertShare(tx, patient, input, request, now)
		if (!created.ok) {
			await giveBackAttempt(slot.id)
			return created
		}
		if (!isEmailDeliveryAvailable()) return { ...created, qrCode: await shareLinkQrCode(created.url), emailSent: false as const }
		const { messageId } = await queueEmail(tx, {
			to: input.recipientEmail,
			kind: 'share_link',
			userId: patient.userId,
			subject: SHARE_MESSAGES.emailSubject,
			lines: shareEmailLines({ senderName: patient.user.name, documentCount: input.documentIds.length, expiry: input.expiry, hasPasscode: !!input.passcode }),
			link: { label: SHARE_MESSAGES.emailLinkLabel, url: created.url },
		})
		await tx.update(shares).set({ emailMessageId: messageId }).where(eq(shares.id, created.shareId))
		return { ...created, emailSent: true as const }
	})
}

/** Revoke: the link stops working at once (its index row goes). Revoking a revoked link is fine; another patient's answers not-found. */
export async function revokeShare(patient: Patient, shareId: string): Promise<Result<object, 'not-found'>> {
	return withTenant(patient.organizationId, async (tx) => {
		const [share] = await tx
			.update(shares)
			.set({ revokedAt: sql`coalesce(${shares.revokedAt}, now())` })
			.where(and(eq(shares.id, shareId), eq(shares.ownerId, patient.userId)))
			.returning({ id: shares.id })
		if (!share) return refuse('not-found', 'not-found', SHARE_MESSAGES.unavailable)
		await tx.delete(shareTokens).where(and(eq(shareTokens.organizationId, patient.organizationId), eq(shareTokens.shareId, share.id)))
		await recordAudit({ action: 'share.revoke', actor: patient, target: { type: 'share', id: share.id } }, tx)
		return succeed({})
	})
}

export type ShareAccessEntry = { kind: ShareAccessKind; documentId: string | null; client: string; network: string | null; at: Date }

export type ShareListEntry = {
	id: string
	recordTitles: string[]
	sharedWith: string | null
	/** Share via Email only: 'sent', 'sending' (queued, or retrying), or 'not-sent' (no relay, or failed after its retries); null for a link. */
	emailDelivery: 'sent' | 'sending' | 'not-sent' | null
	sharedOn: Date
	expiresOn: Date | null
	hasPasscode: boolean
	views: number
	lastOpenedAt: Date | null
	/** Set once revoked: the link no longer works, its access log stays listed. */
	revokedOn: Date | null
	accessLog: ShareAccessEntry[]
}

/** The patient's links, newest first (expired ones, to revoke; revoked ones, labelled, to keep their history), with their views and recent access. */
export async function listShares(patient: Patient): Promise<ShareListEntry[]> {
	return withTenant(patient.organizationId, async (tx) => {
		const rows = await tx
			.select({
				id: shares.id,
				recipientEmail: shares.recipientEmail,
				emailMessageId: shares.emailMessageId,
				createdAt: shares.createdAt,
				expiresAt: shares.expiresAt,
				hasPasscode: sql<boolean>`${shares.passcodeHash} is not null`,
				revokedAt: shares.revokedAt,
			})
			.from(shares)
			.where(eq(shares.ownerId, patient.userId))
			.orderBy(desc(shares.createdAt), desc(shares.id))
		if (rows.length === 0) return []
		const shareIds = rows.map((row) => row.id)
		const links = await tx.select().from(shareDocuments).where(inArray(shareDocuments.shareId, shareIds))
		const cards = await selectDocumentCards(tx, patient, [...new Set(links.map((link) => link.documentId))])
		const titleOf = new Map(cards.map((card) => [card.id, card.title]))
		const stats = await tx
			.select({
				shareId: shareAccessLog.shareId,
				views: sql<number>`count(*) filter (where ${shareAccessLog.kind} = 'opened')`.mapWith(Number),
				lastOpenedAt: sql<Date | null>`max(${shareAccessLog.createdAt}) filter (where ${shareAccessLog.kind} = 'opened')`.mapWith(
					(value: string | Date | null) => (value ? new Date(value) : null),
				),
			})
			.from(shareAccessLog)
			.where(inArray(shareAccessLog.shareId, shareIds))
			.groupBy(shareAccessLog.shareId)
		const statsOf = new Map(stats.map((stat) => [stat.shareId, stat]))
		const deliveries = await emailDeliveryStates(rows.flatMap((row) => (row.emailMessageId ? [row.emailMessageId] : [])))
		const emailDelivery = (row: (typeof rows)[number]): ShareListEntry['emailDelivery'] => {
			if (row.recipientEmail === null) return null
			const state = row.emailMessageId ? deliveries.get(row.emailMessageId) : undefined
			return state === 'sent' ? 'sent' : state === 'queued' ? 'sending' : 'not-sent'
		}
		const recent = await tx.execute<{
			share_id: string
			kind: ShareAccessKind
			document_id: string | null
			client: string
			network: string | null
			created_at: string | Date
		}>(sql`
			select share_id, kind, document_id, client, network, created_at from (
				select *, row_number() over (partition by share_id order by created_at desc, id desc) as position
				from ${shareAccessLog} where ${inArray(shareAccessLog.shareId, shareIds)}
			) ranked where position <= ${ACCESS_LOG_SHOWN} order by created_at desc, id desc`)
		return rows.map((row) => ({
			id: row.id,
			recordTitles: links.filter((link) => link.shareId === row.id).flatMap((link) => titleOf.get(link.documentId) ?? []),
			sharedWith: row.recipientEmail,
			emailDelivery: emailDelivery(row),
			sharedOn: row.createdAt,
			expiresOn: row.expiresAt,
			hasPasscode: row.hasPasscode,
			views: statsOf.get(row.id)?.views ?? 0,
			lastOpenedAt: statsOf.get(row.id)?.lastOpenedAt ?? null,
			revokedOn: row.revokedAt,
			accessLog: recent
				.filter((entry) => entry.share_id === row.id)
				.map((entry) => ({ kind: entry.kind, documentId: entry.document_id, client: entry.client, network: entry.network, at: new Date(entry.created_at) })),
		}))
	})
}

/**
 * What /share-records shows: the patient's documents to pick from (Title,
 * Type, Date; narrowed by `?q=` when the page runs without JavaScript) and
 * their current links.
 */
export async function getSharePage(patient: Patient, options: { query?: string | null } = {}) {
	const search = parseSearchQuery(options.query)
	const [documents, currentShares] = await Promise.all([listDocuments(patient), listShares(patient)])
	return {
		// a document that could not be processed is not offered for sharing
		documents: documents
			.filter((document) => document.status !== 'failed')
			.map((document) => ({ id: document.id, title: document.title, documentType: document.documentType, documentDate: document.documentDate }))
			.filter((document) => matchesShareSearch(document, search.query)),
		shares: currentShares,
		query: search.query,
	}
}
