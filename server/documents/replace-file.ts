import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { documents } from '#db/schema/tenant.ts'
import { recordAudit } from '#server/audit/index.ts'
import { getOrganizationSubscription } from '#server/billing/index.ts'
import { enqueueProcessDocument } from '#server/queue/queue.ts'
import { getFileStorage } from '#server/storage/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import type { Patient } from '#server/auth/patient.ts'
import { discardReceivedFile, type ReceivedFile } from './receive-upload.ts'

/**
 * A new version of one of the owner's documents' file (a portal sent an updated resource that
 * record holds, server/portals): the file is stored under a new key, the document goes back to
 * the queue and is read again, which replaces its own values (processing is idempotent), and
 * the old file and preview are removed. False when the document is not the owner's any more.
 */
export async function replaceDocumentFile(owner: Patient, documentId: string, file: ReceivedFile): Promise<boolean> {
	const detected = file.type
	if (detected.kind === 'rejected') {
		await discardReceivedFile(file)
		return false
	}
	const subscription = await getOrganizationSubscription(owner.organizationId)
	const storage = getFileStorage()
	const storageKey = `${owner.organizationId}/${randomUUID()}`
	await storage.putFile(storageKey, file.tempPath)
	await discardReceivedFile(file)
	const previous = await withTenant(owner.organizationId, async (tx) => {
		const [current] = await tx
			.select({ storageKey: documents.storageKey, previewKey: documents.previewKey })
			.from(documents)
			.where(and(eq(documents.id, documentId), eq(documents.ownerId, owner.userId)))
			.for('update')
		if (!current) return null
		await tx
			.update(documents)
			.set({ storageKey, previewKey: null, sizeBytes: file.size, sha256: file.sha256, fileKind: detected.kind, mimeType: detected.mime, status: 'queued' })
			.where(eq(documents.id, documentId))
		await enqueueProcessDocument(tx, { organizationId: owner.organizationId, documentId }, { plan: subscription?.plan ?? 'basic' })
		await recordAudit({ action: 'document.file_replaced', actor: owner, target: { type: 'document', id: documentId }, details: { sizeBytes: file.size } }, tx)
		return current
	})
	if (!previous) {
		await storage.remove(storageKey)
		return false
	}
	await storage.remove(previous.storageKey)
	if (previous.previewKey) await storage.remove(previous.previewKey)
	return true
}

/** The owner's document's stored file, whole, when it is at most `maxBytes` (a portal record's bundle); null otherwise. */
export async function readDocumentFile(owner: Patient, documentId: string, maxBytes: number): Promise<Buffer | null> {
	const [row] = await withTenant(owner.organizationId, (tx) =>
		tx
			.select({ storageKey: documents.storageKey, sizeBytes: documents.sizeBytes })
			.from(documents)
			.where(and(eq(documents.id, documentId), eq(documents.ownerId, owner.userId))),
	)
	if (!row || row.sizeBytes > maxBytes) return null
	try {
		return await getFileStorage().read(row.storageKey)
	} catch {
		return null
	}
}
