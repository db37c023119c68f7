import { asc, eq, inArray, sql } from 'drizzle-orm'
import { shareAccessLog, shareDocuments, shares } from '#db/schema/tenant.ts'
import type { TenantTransaction } from '#server/tenancy/index.ts'

/**
 * Every share of one owner (revoked and expired ones too), oldest first, with
 * its documents and its whole access log: what their data export
 * (server/account) writes out. The passcode's hash stays here (whether a
 * passcode was set is kept); the link's token was never stored.
 */
export async function selectOwnerSharesForExport(tx: TenantTransaction, ownerId: string) {
	const rows = await tx
		.select({
			id: shares.id,
			recipientEmail: shares.recipientEmail,
			hasPasscode: sql<boolean>`${shares.passcodeHash} is not null`,
			expiresAt: shares.expiresAt,
			createdAt: shares.createdAt,
			revokedAt: shares.revokedAt,
		})
		.from(shares)
		.where(eq(shares.ownerId, ownerId))
		.orderBy(asc(shares.createdAt), asc(shares.id))
	if (rows.length === 0) return []
	const shareIds = rows.map((row) => row.id)
	const [links, accessLog] = await Promise.all([
		tx.select().from(shareDocuments).where(inArray(shareDocuments.shareId, shareIds)).orderBy(asc(shareDocuments.documentId)),
		tx
			.select({
				shareId: shareAccessLog.shareId,
				kind: shareAccessLog.kind,
				documentId: shareAccessLog.documentId,
				client: shareAccessLog.client,
				network: shareAccessLog.network,
				at: shareAccessLog.createdAt,
			})
			.from(shareAccessLog)
			.where(inArray(shareAccessLog.shareId, shareIds))
			.orderBy(asc(shareAccessLog.createdAt), asc(shareAccessLog.id)),
	])
	return rows.map((row) => ({
		...row,
		documentIds: links.filter((link) => link.shareId === row.id).map((link) => link.documentId),
		accessLog: accessLog.filter((entry) => entry.shareId === row.id).map(({ shareId: _shareId, ...entry }) => entry),
	}))
}
