/**
 * The recipient's side of a share: `/shared/<token>` without an account.
 * A token resolves through the platform's share-token index to one
 * organization and one share, and nothing else is read from the request:
 * the page lists exactly that share's documents, a file is served only when
 * its id is one of them. Unknown, revoked and expired links (and links of an
 * owner who left or was deactivated, or of an inactive organization) all answer the same. Every opening and
 * file is logged for the owner (coarse client only), audited, and raises
 * 'Your shared records were opened' at most once per link per hour.
 */
import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm'
import { memberships, organizations, shareTokens, users } from '#db/schema/platform.ts'
import { shareAccessLog, shareDocuments, shares, type ShareAccessKind } from '#db/schema/tenant.ts'
import { getDb } from '#db/client.ts'
import { recordAudit } from '#server/audit/index.ts'
import { verifyPassword, type Patient } from '#server/auth/index.ts'
import { selectDocumentCards, selectDocumentFile, streamDocumentFile, type DocumentCard } from '#server/documents/index.ts'
import { refuse, succeed, type Result } from '#server/errors/index.ts'
import { selectParameters, type StoredHealthParameter } from '#server/health/index.ts'
import { clientIpOf } from '#server/http/client-ip.ts'
import { writeNotification } from '#server/notifications/index.ts'
import { withTenant, type TenantTransaction } from '#server/tenancy/index.ts'
import { coarseNetwork, describeClient } from './client-info.ts'
import { grantedShareIds } from './passcode-grant.ts'
import { SHARE_MESSAGES } from './shared/messages.ts'
import { hashShareToken, isShareTokenShaped } from './tokens.ts'

/** Wrong passcodes counted per link and per network in this window (rows of the access log, so every web process counts the same). */
export const PASSCODE_WINDOW_MINUTES = 15
export const PASSCODE_MAX_FAILURES_PER_NETWORK = 5
export const PASSCODE_MAX_FAILURES_PER_LINK = 20

/** Who is opening a link: coarse facts for the log, and the shares this browser gave the passcode for. */
export type ShareVisitor = { ipAddress: string | null; userAgent: string | null; grantedShareIds: readonly string[] }

export async function visitorOf(request: Request): Promise<ShareVisitor> {
	return { ipAddress: clientIpOf(request), userAgent: request.headers.get('user-agent'), grantedShareIds: await grantedShareIds(request) }
}

type ActiveShare = { id: string; owner: Patient; ownerName: string; passcodeHash: string | null; expiresAt: Date | null; createdAt: Date }

const unavailable = () => refuse('not-found', 'unavailable', SHARE_MESSAGES.unavailable)

/** The organization and share a token names in the platform index, or null (also while the organization is inactive). */
async function resolveToken(token: string | undefined) {
	if (!isShareTokenShaped(token)) return null
	const [row] = await getDb()
		.select({ organizationId: shareTokens.organizationId, shareId: shareTokens.shareId })
		.from(shareTokens)
		.innerJoin(organizations, eq(organizations.id, shareTokens.organizationId))
		.where(and(eq(shareTokens.tokenHash, hashShareToken(token)), ne(organizations.status, 'inactive')))
	return row ?? null
}

/** The share inside its tenant transaction if it still works: not revoked, not expired, its owner active and still a member. */
async function selectActiveShare(tx: TenantTransaction, organizationId: string, shareId: string, now: Date): Promise<ActiveShare | null> {
	const [row] = await tx
		.select({
			id: shares.id,
			ownerId: shares.ownerId,
			ownerName: users.name,
			passcodeHash: shares.passcodeHash,
			expiresAt: shares.expiresAt,
			createdAt: shares.createdAt,
		})
		.from(shares)
		.innerJoin(users, eq(users.id, shares.ownerId))
		.innerJoin(memberships, and(eq(memberships.userId, shares.ownerId), eq(memberships.organizationId, organizationId)))
		.where(and(eq(shares.id, shareId), isNull(shares.revokedAt), or(isNull(shares.expiresAt), gt(shares.expiresAt, now)), eq(users.status, 'active')))
	if (!row) return null
	return {
		id: row.id,
		owner: { userId: row.ownerId, organizationId },
		ownerName: row.ownerName,
		passcodeHash: row.passcodeHash,
		expiresAt: row.expiresAt,
		createdAt: row.createdAt,
	}
}

/** Runs `work` on the link's active share in its organization's transaction; null when the link does not work. */
async function withActiveShare<T>(token: string | undefined, now: Date, work: (tx: TenantTransaction, share: ActiveShare) => Promise<T>): Promise<T | null> {
	const resolved = await resolveToken(token)
	if (!resolved) return null
	return withTenant(resolved.organizationId, async (tx) => {
		const share = await selectActiveShare(tx, resolved.organizationId, resolved.shareId, now)
		return share ? work(tx, share) : null
	})
}

/** The key of the 'opened' notification: one per link per clock hour (UTC). */
export function shareOpenedNotificationKey(shareId: string, now: Date): string {
	return `share-opened:${shareId}:${now.toISOString().slice(0, 13)}`
}

/** One access-log row, its audit entry, and the owner's notification (deduplicated per link and hour). */
async function logAccess(
	tx: TenantTransaction,
	share: ActiveShare,
	visitor: ShareVisitor,
	now: Date,
	access: { kind: Exclude<ShareAccessKind, 'passcode_failed'>; documentId?: string },
) {
	await tx.insert(shareAccessLog).values({
		shareId: share.id,
		kind: access.kind,
		documentId: access.documentId ?? null,
		client: describeClient(visitor.userAgent),
		network: coarseNetwork(visitor.ipAddress),
		createdAt: now,
	})
	await recordAudit(
		{
			action: access.kind === 'opened' ? 'share.open' : 'share.download',
			actor: { ...share.owner, ipAddress: visitor.ipAddress },
			target: access.documentId ? { type: 'document', id: access.documentId } : { type: 'share', id: share.id },
			details: { shareId: share.id, via: 'share_link' },
		},
		tx,
	)
	await writeNotification(tx, {
		ownerId: share.owner.userId,
		type: 'info',
		title: SHARE_MESSAGES.openedNotificationTitle,
		message: SHARE_MESSAGES.openedNotificationMessage,
		link: '/share-records',
		dedupeKey: shareOpenedNotificationKey(share.id, now),
	})
}

function needsPasscode(share: ActiveShare, visitor: ShareVisitor) {
	return share.passcodeHash !== null && !visitor.grantedShareIds.includes(share.id)
}

async function sharedDocumentIds(tx: TenantTransaction, shareId: string) {
	const rows = await tx.select({ documentId: shareDocuments.documentId }).from(shareDocuments).where(eq(shareDocuments.shareId, shareId))
	return rows.map((row) => row.documentId)
}

export type SharedDocument = DocumentCard & { labValues: StoredHealthParameter[] }

export type SharedRecordsView =
	| { status: 'passcode' }
	| {
			status: 'open'
			/** The patient whose records these are; a patient shares only their own, so also who shared them. */
			patientName: string
			sharedAt: Date
			documents: SharedDocument[]
			expiresAt: Date | null
	  }

/**
 * The shared page: the passcode form when the link has one this browser has
 * not given, else whose records they are and when they were shared, and the
 * shared documents (title, type, date, provider, extracted lab values in
 * the report's order); logged as an opening. Not-found for a link that
 * does not work, whatever the reason.
 */
export async function openSharedRecords(token: string | undefined, visitor: ShareVisitor, now = new Date()): Promise<Result<SharedRecordsView, 'unavailable'>> {
	const view = await withActiveShare(token, now, async (tx, share): Promise<SharedRecordsView> => {
		if (needsPasscode(share, visitor)) return { status: 'passcode' }
		const documentIds = await sharedDocumentIds(tx, share.id)
		const cards = await selectDocumentCards(tx, share.owner, documentIds)
		const labValues = await selectParameters(tx, share.owner, { documentIds: cards.map((card) => card.id), order: 'report' })
		await logAccess(tx, share, visitor, now, { kind: 'opened' })
		return {
			status: 'open',
			patientName: share.ownerName,
			sharedAt: share.createdAt,
			documents: cards.map((card) => ({ ...card, labValues: labValues.filter((value) => value.documentId === card.id) })),
			expiresAt: share.expiresAt,
		}
	})
	return view ? succeed(view) : unavailable()
}

/**
 * A shared document's file through the link: only a document of this share,
 * only with the passcode given when the link has one. Logged as a download.
 */
export async function openSharedFile(
	token: string | undefined,
	documentId: string,
	visitor: ShareVisitor,
	options: { now?: Date; rangeHeader?: string | null } = {},
) {
	const now = options.now ?? new Date()
	const row = await withActiveShare(token, now, async (tx, share) => {
		if (needsPasscode(share, visitor)) return null
		if (!(await sharedDocumentIds(tx, share.id)).includes(documentId)) return null
		const file = await selectDocumentFile(tx, share.owner, documentId)
		if (!file) return null
		await logAccess(tx, share, visitor, now, { kind: 'downloaded', documentId })
		return file
	})
	return row ? streamDocumentFile(row, 'original', options.rangeHeader ?? null) : null
}

type PasscodeRefusal = 'unavailable' | 'wrong-passcode' | 'too-many-attempts'

/**
 * A passcode for a link. Guesses are counted in the access log under a
 * per-link advisory lock (so parallel guesses, in any web process, see each
 * other): past PASSCODE_MAX_FAILURES_PER_NETWORK wrong ones from one network
 * or PASSCODE_MAX_FAILURES_PER_LINK in all within the window, the link
 * refuses guesses (429) until the window moves on; a refused guess is not
 * checked. Returns the share to remember in the browser.
 */
export async function submitSharePasscode(
	token: string | undefined,
	passcode: string,
	visitor: ShareVisitor,
	now = new Date(),
): Promise<Result<{ shareId: string }, PasscodeRefusal, 'passcode'>> {
	const result = await withActiveShare(token, now, async (tx, share): Promise<Result<{ shareId: string }, PasscodeRefusal, 'passcode'>> => {
		if (share.passcodeHash === null) return succeed({ shareId: share.id })
		await tx.execute(sql`select pg_advisory_xact_lock(7303, hashtext(${share.id}))`)
		const network = coarseNetwork(visitor.ipAddress)
		const since = new Date(now.getTime() - PASSCODE_WINDOW_MINUTES * 60_000)
		const [counts] = await tx
			.select({
				onLink: sql<number>`count(*)`.mapWith(Number),
				fromNetwork: sql<number>`count(*) filter (where ${shareAccessLog.network} is not distinct from ${network})`.mapWith(Number),
			})
			.from(shareAccessLog)
			.where(and(eq(shareAccessLog.shareId, share.id), eq(shareAccessLog.kind, 'passcode_failed'), gt(shareAccessLog.createdAt, since)))
		if (counts!.onLink >= PASSCODE_MAX_FAILURES_PER_LINK || counts!.fromNetwork >= PASSCODE_MAX_FAILURES_PER_NETWORK) {
			return refuse('rate-limited', 'too-many-attempts', SHARE_MESSAGES.tooManyAttempts)
		}
		if (await verifyPassword(share.passcodeHash, passcode)) return succeed({ shareId: share.id })
		await tx.insert(shareAccessLog).values({ shareId: share.id, kind: 'passcode_failed', client: describeClient(visitor.userAgent), network, createdAt: now })
		return refuse('invalid', 'wrong-passcode', SHARE_MESSAGES.wrongPasscode, 'passcode')
	})
	return result ?? unavailable()
}
