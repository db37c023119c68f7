import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import { portalConnections, portalResources } from '#db/schema/tenant.ts'
import { recordAudit } from '#server/audit/index.ts'
import type { Patient } from '#server/auth/patient.ts'
import { deleteDocument } from '#server/documents/index.ts'
import { refuse, succeed, type Result } from '#server/errors/shared/result.ts'
import { getEnv } from '#server/env.server.ts'
import { enqueuePortalSync, removePortalSyncJob } from '#server/queue/queue.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { registrationByKey } from './client-registrations.ts'
import { portalFetcher } from './fetch-policy.ts'
import { PORTAL_MESSAGES } from './shared/messages.ts'
import { revokeToken } from './smart-client.ts'
import { openJson, SealOpenError } from './token-seal.ts'
import type { SyncProgress } from './sync.ts'

/** The Connections page: each connection with its status, last sync, progress and counts by kind. */
export type ConnectionSummary = {
	id: string
	name: string
	fhirBaseUrl: string
	status: 'connected' | 'needs_reconnect'
	syncState: 'idle' | 'queued' | 'syncing' | 'failed'
	progress: SyncProgress | null
	lastError: string | null
	lastSyncAt: string | null
	connectedAt: string
	counts: { type: string; count: number }[]
	records: number
}

export async function listPortalConnections(patient: Patient): Promise<ConnectionSummary[]> {
	return withTenant(patient.organizationId, async (tx) => {
		const rows = await tx.select().from(portalConnections).where(eq(portalConnections.ownerId, patient.userId)).orderBy(asc(portalConnections.createdAt))
		if (rows.length === 0) return []
		const counts = await tx
			.select({ connectionId: portalResources.connectionId, type: portalResources.resourceType, count: sql<number>`count(*)::int` })
			.from(portalResources)
			.innerJoin(portalConnections, eq(portalConnections.id, portalResources.connectionId))
			.where(eq(portalConnections.ownerId, patient.userId))
			.groupBy(portalResources.connectionId, portalResources.resourceType)
		const records = await tx
			.select({ connectionId: portalResources.connectionId, count: sql<number>`count(distinct ${portalResources.documentId})::int` })
			.from(portalResources)
			.innerJoin(portalConnections, eq(portalConnections.id, portalResources.connectionId))
			.where(and(eq(portalConnections.ownerId, patient.userId), isNotNull(portalResources.documentId)))
			.groupBy(portalResources.connectionId)
		return rows.map((row) => ({
			id: row.id,
			name: row.name,
			fhirBaseUrl: row.fhirBaseUrl,
			status: row.status,
			syncState: row.syncState,
			progress: (row.progress as SyncProgress | null) ?? null,
			lastError: row.lastError,
			lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
			connectedAt: row.createdAt.toISOString(),
			counts: counts
				.filter((count) => count.connectionId === row.id)
				.map(({ type, count }) => ({ type, count }))
				.sort((left, right) => left.type.localeCompare(right.type)),
			records: records.find((count) => count.connectionId === row.id)?.count ?? 0,
		}))
	})
}

/** Sync now: the connection's job moves to now (one per connection; a running sync finishes first). */
export async function requestPortalSync(patient: Patient, connectionId: string): Promise<Result<{ name: string }>> {
	return withTenant(patient.organizationId, async (tx) => {
		const [row] = await tx
			.select({
				id: portalConnections.id,
				name: portalConnections.name,
				status: portalConnections.status,
				syncState: portalConnections.syncState,
				lastSyncStartedAt: portalConnections.lastSyncStartedAt,
			})
			.from(portalConnections)
			.where(and(eq(portalConnections.id, connectionId), eq(portalConnections.ownerId, patient.userId)))
			.for('update')
		if (!row) return refuse('not-found', 'not_found', PORTAL_MESSAGES.notFound)
		if (row.status === 'needs_reconnect') return refuse('conflict', 'needs_reconnect', PORTAL_MESSAGES.needsReconnect)
		// a sync past its time limit is not running any more (its worker died): it may be asked again
		const isRunning =
			row.syncState === 'syncing' && row.lastSyncStartedAt && Date.now() - row.lastSyncStartedAt.getTime() < (getEnv().PORTAL_SYNC_MAX_SECONDS + 120) * 1000
		if (isRunning) return refuse('conflict', 'already_running', PORTAL_MESSAGES.syncAlreadyRunning)
		await tx.update(portalConnections).set({ syncState: 'queued' }).where(eq(portalConnections.id, row.id))
		await enqueuePortalSync(tx, { organizationId: patient.organizationId, connectionId: row.id }, { runAt: new Date(), mode: 'now' })
		await recordAudit({ action: 'portal.sync_requested', actor: patient, target: { type: 'portal_connection', id: row.id } }, tx)
		return succeed({ name: row.name })
	})
}

/**
 * Disconnect: the portal's tokens are revoked where it offers revocation, the connection and
 * its secrets are deleted, and the records it brought are kept or deleted as the patient chose.
 */
export async function disconnectPortal(
	patient: Patient,
	connectionId: string,
	options: { deleteRecords: boolean },
): Promise<Result<{ name: string; deletedRecords: number; revoked: boolean }>> {
	const [connection] = await withTenant(patient.organizationId, (tx) =>
		tx
			.select()
			.from(portalConnections)
			.where(and(eq(portalConnections.id, connectionId), eq(portalConnections.ownerId, patient.userId))),
	)
	if (!connection) return refuse('not-found', 'not_found', PORTAL_MESSAGES.notFound)
	let revoked = false
	const registration = await registrationByKey(connection.clientKey)
	const tokens = readableTokens(connection.sealedTokens)
	if (registration && connection.revocationEndpoint && tokens) {
		const fetcher = portalFetcher()
		// the refresh token first: revoking it ends the grant at most servers
		if (tokens.refreshToken) revoked = await revokeToken({ endpoints: connection, registration, token: tokens.refreshToken, fetcher })
		revoked = (await revokeToken({ endpoints: connection, registration, token: tokens.accessToken, fetcher })) || revoked
	}
	const documentIds = await withTenant(patient.organizationId, async (tx) => {
		const held = options.deleteRecords
			? await tx
					.selectDistinct({ documentId: portalResources.documentId })
					.from(portalResources)
					.where(and(eq(portalResources.connectionId, connection.id), isNotNull(portalResources.documentId)))
			: []
		await removePortalSyncJob(tx, connection.id)
		await tx.delete(portalConnections).where(eq(portalConnections.id, connection.id))
		await recordAudit(
			{
				action: 'portal.disconnected',
				actor: patient,
				target: { type: 'portal_connection', id: connection.id },
				details: { endpointKey: connection.endpointKey, revoked, deleteRecords: options.deleteRecords, records: held.length },
			},
			tx,
		)
		return held.map((row) => row.documentId!)
	})
	let deletedRecords = 0
	for (const documentId of documentIds) if ((await deleteDocument(patient, documentId)).ok) deletedRecords++
	return succeed({ name: connection.name, deletedRecords, revoked })
}

/** The connection's tokens, or null when they cannot be opened (sealed under a key this server no longer has). */
function readableTokens(sealed: string): { accessToken: string; refreshToken: string | null } | null {
	try {
		return openJson(sealed)
	} catch (error) {
		if (error instanceof SealOpenError) return null
		throw error
	}
}
