import { createHash, randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { portalConnections, portalResources } from '#db/schema/tenant.ts'
import { recordAudit } from '#server/audit/index.ts'
import { carrySubjectAnswer, readDocumentFile, replaceDocumentFile, storeUploadedDocument, subjectAnswerAmong } from '#server/documents/index.ts'
import { MAX_UPLOAD_BYTES } from '#server/documents/shared/messages.ts'
import { getEnv } from '#server/env.server.ts'
import { detectFileType, sanitizeFileName } from '#server/extraction/index.ts'
import { logger } from '#server/logger.ts'
import { writeNotification } from '#server/notifications/index.ts'
import { enqueuePortalSync } from '#server/queue/queue.ts'
import { uploadTempDir } from '#server/storage/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { checkPortalUrl } from './address-rules.ts'
import { registrationByKey, type ClientRegistration } from './client-registrations.ts'
import { portalFetcher, portalFetchPolicy, type PortalFetcher } from './fetch-policy.ts'
import { readFromPortal, SyncStop, type ReaderSession, type SyncStopReason } from './fhir-reader.ts'
import { checkResource, versionHashOf, type PortalResource } from './resource-check.ts'
import type { PortalFetchPolicy } from './safe-fetch.ts'
import { refreshTokens, TokenRefusedError } from './smart-client.ts'
import { openJson, SealOpenError, sealJson } from './token-seal.ts'

/**
 * One sync of one connection (the portal_sync job; graphile-worker runs one per connection
 * at a time, docs/decisions/031-portal-connections.md):
 *
 * 1. The patient's Patient, then each search (Observation laboratory and vital-signs,
 *    Condition, MedicationRequest and MedicationStatement with their Medications,
 *    AllergyIntolerance, Immunization, DiagnosticReport, DocumentReference), following
 *    link[next] on the portal's own origin, and after the first sync only what changed since
 *    the last complete one (_lastUpdated).
 * 2. Each resource checked on its own (resource-check.ts) and compared with the connection's
 *    ledger (portal_resources): unchanged ones are skipped, so a second sync adds nothing.
 * 3. New resources go, a thousand at a time with the patient's Patient, into a FHIR bundle
 *    stored as the patient's record and read by the FHIR importer like an upload (its entry
 *    keys, "Is this you?", trends and medications); a DocumentReference's attached PDF or
 *    image becomes an upload of its own. An updated resource goes back into the record that
 *    holds it, which is read again (processing replaces a record's own values).
 * 4. Progress is written on the connection as it goes; the end is audited and notified, and
 *    the next daily sync is queued.
 */

export type SyncOutcome = 'synced' | 'stopped' | 'needs_reconnect' | 'missing'

export type SyncProgress = {
	phase: 'fetching' | 'saving' | 'done' | 'stopped'
	fetched: number
	new: number
	updated: number
	unchanged: number
	refused: number
	refusedReasons: Record<string, number>
	byType: Record<string, number>
	skippedTypes: string[]
	waits: number
	records: number
	startedAt: string
	finishedAt?: string
}

export type SyncOptions = {
	fetcher?: PortalFetcher
	policy?: Partial<PortalFetchPolicy>
	sleep?: (ms: number) => Promise<void>
	/** Resources per stored bundle. */
	batchResources?: number
	maxResources?: number
	maxSeconds?: number
}

const BATCH_RESOURCES = 1_000
const BATCH_BYTES = 4_000_000
const MAX_PAGES_PER_SEARCH = 2_000
/** _lastUpdated asks from a little before the last sync began (clocks differ; the ledger drops repeats). */
const SINCE_MARGIN_MS = 10 * 60_000
const DAY_MS = 86_400_000
const PROGRESS_EVERY_MS = 400
const ATTACHMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'application/xml', 'text/xml', 'application/hl7-v3+xml', 'application/dicom']

type Search = { type: string; params: Record<string, string>; includes?: string[] }

const SEARCHES: Search[] = [
	{ type: 'Observation', params: { category: 'laboratory' } },
	{ type: 'Observation', params: { category: 'vital-signs' } },
	{ type: 'MedicationRequest', params: { _include: 'MedicationRequest:medication' }, includes: ['Medication'] },
	{ type: 'MedicationStatement', params: { _include: 'MedicationStatement:medication' }, includes: ['Medication'] },
	{ type: 'Condition', params: {} },
	{ type: 'AllergyIntolerance', params: {} },
	{ type: 'Immunization', params: {} },
	{ type: 'DiagnosticReport', params: {} },
	{ type: 'DocumentReference', params: {} },
]

type LedgerEntry = { versionHash: string; documentId: string | null }
type Owner = { userId: string; organizationId: string }

const keyOf = (resource: { resourceType: string; id: string }) => `${resource.resourceType}/${resource.id}`

function emptyProgress(): SyncProgress {
	return {
		phase: 'fetching',
		fetched: 0,
		new: 0,
		updated: 0,
		unchanged: 0,
		refused: 0,
		refusedReasons: {},
		byType: {},
		skippedTypes: [],
		waits: 0,
		records: 0,
		startedAt: new Date().toISOString(),
	}
}

async function writeTempFile(bytes: Buffer, originalName: string) {
	const dir = uploadTempDir()
	await mkdir(dir, { recursive: true })
	const tempPath = path.join(dir, `portal-${randomUUID()}`)
	await writeFile(tempPath, bytes)
	return {
		tempPath,
		originalName,
		size: bytes.length,
		sha256: createHash('sha256').update(bytes).digest('hex'),
		type: detectFileType(bytes, originalName),
	}
}

function bundleOf(fhirBaseUrl: string, resources: PortalResource[]) {
	return Buffer.from(
		JSON.stringify({
			resourceType: 'Bundle',
			type: 'collection',
			entry: resources.map((resource) => ({ fullUrl: `${fhirBaseUrl}/${keyOf(resource)}`, resource })),
		}),
	)
}

function attachmentOf(resource: PortalResource): { contentType: string; url?: string; data?: string; title?: string } | null {
	if (resource.resourceType !== 'DocumentReference') return null
	const content = (resource.content as { attachment?: { contentType?: string; url?: string; data?: string; title?: string } }[] | undefined) ?? []
	const attachments = content.map((item) => item.attachment).filter((item) => item && ATTACHMENT_TYPES.includes((item.contentType ?? '').split(';')[0]!.trim()))
	const chosen = attachments.find((item) => item!.contentType?.startsWith('application/pdf')) ?? attachments[0]
	return chosen && (chosen.url || chosen.data) ? { ...chosen, contentType: chosen.contentType! } : null
}

export async function syncPortalConnection(input: { organizationId: string; connectionId: string }, options: SyncOptions = {}): Promise<SyncOutcome> {
	const env = getEnv()
	const policy = portalFetchPolicy(options.policy)
	const fetcher = options.fetcher ?? portalFetcher(policy)
	const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
	const batchResources = options.batchResources ?? BATCH_RESOURCES
	const maxResources = options.maxResources ?? env.PORTAL_SYNC_MAX_RESOURCES
	const deadline = Date.now() + (options.maxSeconds ?? env.PORTAL_SYNC_MAX_SECONDS) * 1000
	const syncStartedAt = new Date()

	const connection = await withTenant(input.organizationId, async (tx) => {
		const [row] = await tx.select().from(portalConnections).where(eq(portalConnections.id, input.connectionId)).for('update')
		if (!row || row.status !== 'connected') return row ?? null
		await tx
			.update(portalConnections)
			.set({ syncState: 'syncing', lastSyncStartedAt: syncStartedAt, progress: emptyProgress(), lastError: null })
			.where(eq(portalConnections.id, row.id))
		return row
	})
	if (!connection) return 'missing'
	if (connection.status !== 'connected') return 'needs_reconnect'
	const owner: Owner = { userId: connection.ownerId, organizationId: input.organizationId }
	let expiresAtUnreadable = false
	const progress = emptyProgress()
	let lastProgressWrite = 0

	const saveProgress = async (force = false) => {
		if (!force && Date.now() - lastProgressWrite < PROGRESS_EVERY_MS) return
		lastProgressWrite = Date.now()
		const updated = await withTenant(input.organizationId, (tx) =>
			tx
				.update(portalConnections)
				.set({ progress: { ...progress } })
				.where(eq(portalConnections.id, connection.id))
				.returning({ id: portalConnections.id }),
		)
		if (updated.length === 0) throw new SyncStop('disconnected')
	}

	let tokens: { accessToken: string; refreshToken: string | null }
	try {
		tokens = openJson(connection.sealedTokens)
	} catch (error) {
		if (!(error instanceof SealOpenError)) throw error
		// sealed under a key this server no longer has (PORTAL_TOKEN_KEY changed without PORTAL_TOKEN_KEY_PREVIOUS): sign in again
		tokens = { accessToken: '', refreshToken: null }
		expiresAtUnreadable = true
	}
	let expiresAt = expiresAtUnreadable ? new Date(0) : connection.accessExpiresAt
	const registration = await registrationByKey(connection.clientKey)
	const refresh = async () => {
		if (!tokens.refreshToken || !registration) throw new SyncStop('needs_reconnect')
		try {
			const fresh = await refreshTokens({ endpoints: connection, registration: registration as ClientRegistration, refreshToken: tokens.refreshToken, fetcher })
			tokens = { accessToken: fresh.accessToken, refreshToken: fresh.refreshToken }
			expiresAt = fresh.expiresAt
		} catch (error) {
			if (error instanceof TokenRefusedError) throw new SyncStop(error.reason === 'invalid_grant' ? 'needs_reconnect' : 'unauthorized')
			if ((error as { reason?: string }).reason) throw new SyncStop('unreachable')
			throw error
		}
		// a rotated refresh token must be stored before anything else can fail
		await withTenant(input.organizationId, (tx) =>
			tx
				.update(portalConnections)
				.set({ sealedTokens: sealJson(tokens), accessExpiresAt: expiresAt, updatedAt: new Date() })
				.where(eq(portalConnections.id, connection.id)),
		)
	}
	const session: ReaderSession = {
		fetcher,
		accessToken: () => tokens.accessToken,
		expiresAt: () => expiresAt,
		refresh,
		sleep,
		deadline,
		onWait: () => {
			progress.waits++
		},
	}

	const ledger = new Map<string, LedgerEntry>()
	for (const row of await withTenant(input.organizationId, (tx) =>
		tx
			.select({
				type: portalResources.resourceType,
				id: portalResources.resourceId,
				versionHash: portalResources.versionHash,
				documentId: portalResources.documentId,
			})
			.from(portalResources)
			.where(eq(portalResources.connectionId, connection.id)),
	)) {
		ledger.set(`${row.type}/${row.id}`, { versionHash: row.versionHash, documentId: row.documentId })
	}

	// 'Is this you?' answered on this connection's earlier records holds for its new ones (the same portal patient)
	const subjectAnswer = await subjectAnswerAmong(owner, [
		...new Set([...ledger.values()].map((entry) => entry.documentId).filter((id): id is string => id !== null)),
	])
	let patientResource: PortalResource | null = null
	let pending: PortalResource[] = []
	let pendingBytes = 0
	const updates = new Map<string, PortalResource[]>()
	const attachments: PortalResource[] = []
	let seen = 0

	const refuseResource = (reason: string) => {
		progress.refused++
		progress.refusedReasons[reason] = (progress.refusedReasons[reason] ?? 0) + 1
	}

	const recordLedger = async (entries: { resource: PortalResource; documentId: string | null }[]) => {
		for (let start = 0; start < entries.length; start += 1000) {
			const slice = entries.slice(start, start + 1000)
			await withTenant(input.organizationId, (tx) =>
				tx
					.insert(portalResources)
					.values(
						slice.map(({ resource, documentId }) => ({
							connectionId: connection.id,
							resourceType: resource.resourceType,
							resourceId: resource.id,
							versionHash: versionHashOf(resource),
							documentId,
						})),
					)
					.onConflictDoUpdate({
						target: [portalResources.connectionId, portalResources.resourceType, portalResources.resourceId],
						set: { versionHash: sql`excluded.version_hash`, documentId: sql`excluded.document_id`, updatedAt: new Date() },
					}),
			)
		}
		for (const { resource, documentId } of entries) ledger.set(keyOf(resource), { versionHash: versionHashOf(resource), documentId })
	}

	const storeFile = async (bytes: Buffer, name: string) => {
		const file = await writeTempFile(bytes, sanitizeFileName(name))
		const outcome = await storeUploadedDocument(owner, file)
		if (!outcome.ok) {
			if (outcome.code === 'storage_limit') throw new SyncStop('storage_limit')
			return null
		}
		progress.records++
		return outcome.documentId
	}

	const flushBatch = async () => {
		if (pending.length === 0) return
		const batch = pending
		pending = []
		pendingBytes = 0
		const resources = patientResource ? [patientResource, ...batch] : batch
		const documentId = await storeFile(bundleOf(connection.fhirBaseUrl, resources), `${connection.name} records.json`)
		if (documentId && subjectAnswer) await carrySubjectAnswer(owner, documentId, subjectAnswer)
		await recordLedger(resources.map((resource) => ({ resource, documentId })))
		await saveProgress(true)
	}

	const take = async (resource: PortalResource, bytes: number) => {
		const key = keyOf(resource)
		const known = ledger.get(key)
		const hash = versionHashOf(resource)
		progress.fetched++
		progress.byType[resource.resourceType] = (progress.byType[resource.resourceType] ?? 0) + 1
		if (++seen > maxResources) throw new SyncStop('too_large')
		if (known && known.versionHash === hash) {
			progress.unchanged++
			return
		}
		if (known?.documentId) {
			progress.updated++
			const list = updates.get(known.documentId) ?? []
			list.push(resource)
			updates.set(known.documentId, list)
			return
		}
		progress.new++
		if (attachmentOf(resource)) {
			attachments.push(resource)
			return
		}
		pending.push(resource)
		pendingBytes += bytes
		if (pending.length >= batchResources || pendingBytes >= BATCH_BYTES) await flushBatch()
	}

	const base = new URL(connection.fhirBaseUrl)
	const sameOrigin = (url: string) => {
		try {
			const parsed = new URL(url, `${connection.fhirBaseUrl}/`)
			return parsed.origin === base.origin && checkPortalUrl(parsed.href, policy).ok ? parsed.href : null
		} catch {
			return null
		}
	}

	const runSearch = async (search: Search) => {
		const url = new URL(`${connection.fhirBaseUrl}/${search.type}`)
		url.searchParams.set('patient', connection.portalPatientId)
		for (const [name, value] of Object.entries(search.params)) url.searchParams.set(name, value)
		url.searchParams.set('_count', '100')
		if (connection.syncedUpTo) url.searchParams.set('_lastUpdated', `gt${new Date(connection.syncedUpTo.getTime() - SINCE_MARGIN_MS).toISOString()}`)
		let next: string | null = url.href
		const types = [search.type, ...(search.includes ?? [])]
		for (let page = 0; next && page < MAX_PAGES_PER_SEARCH; page++) {
			const answer = await readFromPortal(session, next)
			if (answer.kind === 'skipped') {
				progress.skippedTypes.push(`${search.type}${search.params.category ? `:${search.params.category}` : ''}`)
				return
			}
			const bundle = answer.kind === 'json' ? (answer.body as { resourceType?: unknown; entry?: unknown; link?: unknown }) : null
			if (!bundle || typeof bundle !== 'object' || bundle.resourceType !== 'Bundle') {
				// a page that is not a bundle: refused, and this search ends here (its next page is unknown)
				refuseResource('malformed_page')
				return
			}
			const entries = Array.isArray(bundle.entry) ? (bundle.entry as { resource?: unknown; search?: { mode?: string } }[]) : []
			for (const entry of entries) {
				if (entry?.search?.mode === 'outcome' || (entry?.resource as { resourceType?: string } | undefined)?.resourceType === 'OperationOutcome') continue
				const check = checkResource(entry?.resource, { types, patientId: connection.portalPatientId })
				if (!check.ok) {
					refuseResource(check.reason)
					continue
				}
				await take(check.resource, check.bytes)
			}
			const links = Array.isArray(bundle.link) ? (bundle.link as { relation?: string; url?: string }[]) : []
			const nextUrl = links.find((link) => link?.relation === 'next')?.url
			next = nextUrl ? sameOrigin(nextUrl) : null
			if (nextUrl && !next) refuseResource('next_link_elsewhere')
			await saveProgress()
		}
	}

	const applyUpdates = async () => {
		for (const [documentId, resources] of updates) {
			const attachmentUpdates = resources.filter((resource) => attachmentOf(resource))
			const bundleUpdates = resources.filter((resource) => !attachmentOf(resource))
			for (const resource of attachmentUpdates) {
				const bytes = await fetchAttachment(resource)
				if (bytes && (await replaceDocumentFile(owner, documentId, await writeTempFile(bytes.body, bytes.name)))) {
					await recordLedger([{ resource, documentId }])
				} else {
					pending.push(resource)
				}
			}
			if (bundleUpdates.length === 0) continue
			const stored = await readDocumentFile(owner, documentId, MAX_UPLOAD_BYTES)
			const parsed = stored ? (JSON.parse(stored.toString('utf8')) as { entry?: { fullUrl?: string; resource: PortalResource }[] }) : null
			if (!parsed?.entry) {
				// the record was deleted or replaced meanwhile: these resources start a new one
				for (const resource of bundleUpdates) pending.push(resource)
				continue
			}
			const byKey = new Map(bundleUpdates.map((resource) => [keyOf(resource), resource]))
			parsed.entry = parsed.entry.map((entry) => {
				const fresh = byKey.get(keyOf(entry.resource))
				if (!fresh) return entry
				byKey.delete(keyOf(entry.resource))
				return { ...entry, resource: fresh }
			})
			for (const resource of byKey.values()) parsed.entry.push({ fullUrl: `${connection.fhirBaseUrl}/${keyOf(resource)}`, resource })
			const file = await writeTempFile(Buffer.from(JSON.stringify(parsed)), `${connection.name} records.json`)
			if (await replaceDocumentFile(owner, documentId, file)) {
				progress.records++
				await recordLedger(bundleUpdates.map((resource) => ({ resource, documentId })))
			} else {
				for (const resource of bundleUpdates) pending.push(resource)
			}
		}
		updates.clear()
	}

	const fetchAttachment = async (resource: PortalResource): Promise<{ body: Buffer; name: string } | null> => {
		const attachment = attachmentOf(resource)
		if (!attachment) return null
		const name = attachment.title || `${(resource.description as string | undefined) ?? 'Portal document'}`
		if (attachment.data) {
			const body = Buffer.from(attachment.data, 'base64')
			return body.length > 0 && body.length <= MAX_UPLOAD_BYTES ? { body, name } : null
		}
		const url = attachment.url ? sameOrigin(attachment.url) : null
		if (!url) return null
		const answer = await readFromPortal(session, url, { binary: true })
		if (answer.kind !== 'bytes' || answer.body.length === 0 || answer.body.length > MAX_UPLOAD_BYTES) return null
		if (/json/.test(answer.contentType)) {
			// a Binary resource instead of its bytes
			try {
				const binary = JSON.parse(answer.body.toString('utf8')) as { resourceType?: string; data?: string }
				if (binary.resourceType !== 'Binary' || !binary.data) return null
				return { body: Buffer.from(binary.data, 'base64'), name }
			} catch {
				return null
			}
		}
		return { body: answer.body, name }
	}

	const storeAttachments = async () => {
		for (const resource of attachments) {
			const file = await fetchAttachment(resource)
			const documentId = file ? await storeFile(file.body, file.name) : null
			if (documentId) await recordLedger([{ resource, documentId }])
			// no readable file: the reference's details join the next bundle (a details-only record)
			else pending.push(resource)
		}
		attachments.length = 0
	}

	let stop: SyncStopReason | null = null
	try {
		const patientAnswer = await readFromPortal(session, `${connection.fhirBaseUrl}/Patient/${encodeURIComponent(connection.portalPatientId)}`)
		if (patientAnswer.kind === 'json') {
			const check = checkResource(patientAnswer.body, { types: ['Patient'], patientId: connection.portalPatientId })
			if (check.ok) {
				patientResource = check.resource
				progress.fetched++
				progress.byType.Patient = 1
			} else refuseResource(check.reason)
		}
		for (const search of SEARCHES) await runSearch(search)
		progress.phase = 'saving'
		await saveProgress(true)
		await storeAttachments()
		await applyUpdates()
		await flushBatch()
		if (patientResource) await recordLedger([{ resource: patientResource, documentId: ledger.get(keyOf(patientResource))?.documentId ?? null }])
	} catch (error) {
		if (!(error instanceof SyncStop)) {
			await withTenant(input.organizationId, (tx) =>
				tx.update(portalConnections).set({ syncState: 'failed', lastError: 'error' }).where(eq(portalConnections.id, connection.id)),
			)
			throw error
		}
		stop = error.reason
		// what was read before the stop is kept (unless the connection is gone)
		if (stop !== 'disconnected' && stop !== 'storage_limit') {
			try {
				await storeAttachments()
				await applyUpdates()
				await flushBatch()
			} catch (inner) {
				if (!(inner instanceof SyncStop)) throw inner
			}
		}
	}
	if (stop === 'disconnected') return 'missing'

	progress.phase = stop ? 'stopped' : 'done'
	progress.finishedAt = new Date().toISOString()
	const needsReconnect = stop === 'needs_reconnect'
	const finished = await withTenant(input.organizationId, async (tx) => {
		const [row] = await tx
			.update(portalConnections)
			.set({
				status: needsReconnect ? 'needs_reconnect' : 'connected',
				syncState: stop ? 'failed' : 'idle',
				progress: { ...progress },
				lastError: stop,
				lastSyncAt: new Date(),
				...(stop ? {} : { syncedUpTo: syncStartedAt }),
				updatedAt: new Date(),
			})
			.where(and(eq(portalConnections.id, connection.id), eq(portalConnections.ownerId, owner.userId)))
			.returning({ id: portalConnections.id })
		if (!row) return false
		await recordAudit(
			{
				action: needsReconnect ? 'portal.reconnect_needed' : stop ? 'portal.sync_stopped' : 'portal.synced',
				actor: { userId: owner.userId, organizationId: owner.organizationId },
				target: { type: 'portal_connection', id: connection.id },
				details: { new: progress.new, updated: progress.updated, unchanged: progress.unchanged, refused: progress.refused, records: progress.records, stop },
			},
			tx,
		)
		if (needsReconnect) {
			await writeNotification(tx, {
				ownerId: owner.userId,
				type: 'warning',
				title: 'Reconnect your portal',
				message: `${connection.name}: the portal no longer accepts Carebook’s sign-in. Reconnect to keep your records current.`,
				link: '/connections',
				dedupeKey: `portal-reconnect:${connection.id}:${syncStartedAt.toISOString()}`,
			})
		} else {
			if (progress.new + progress.updated > 0) {
				await writeNotification(tx, {
					ownerId: owner.userId,
					type: 'success',
					title: 'Portal records synced',
					message: `${connection.name}: ${progress.new} new, ${progress.updated} updated.`,
					link: '/connections',
					dedupeKey: `portal-sync:${connection.id}:${syncStartedAt.toISOString()}`,
				})
			}
			// the daily refresh: the next sync a day from now (a Sync now already waiting keeps its time)
			await enqueuePortalSync(
				tx,
				{ organizationId: owner.organizationId, connectionId: connection.id },
				{ runAt: new Date(Date.now() + DAY_MS), mode: 'later' },
			)
		}
		return true
	})
	if (!finished) return 'missing'
	logger.info('portals.sync', {
		connectionId: connection.id,
		new: progress.new,
		updated: progress.updated,
		unchanged: progress.unchanged,
		refused: progress.refused,
		reason: stop,
	})
	return needsReconnect ? 'needs_reconnect' : stop ? 'stopped' : 'synced'
}

/**
 * The next daily sync of a connection whose sync failed on an unexpected error on its last
 * attempt (the portal_sync task calls it), so one bad day does not end its daily refresh.
 */
export async function scheduleNextPortalSync(input: { organizationId: string; connectionId: string }) {
	await withTenant(input.organizationId, async (tx) => {
		const [row] = await tx.select({ status: portalConnections.status }).from(portalConnections).where(eq(portalConnections.id, input.connectionId))
		if (row?.status === 'connected') await enqueuePortalSync(tx, input, { runAt: new Date(Date.now() + DAY_MS), mode: 'later' })
	})
}
